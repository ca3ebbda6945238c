// The Translate module for the OpenAPI theme's ParamsDetails (see index.ts).
import { translate as translateMessage } from '@docusaurus/Translate';
import { parametersTitleId, parametersTitleIdOf } from './messageIds';

export { default } from '@docusaurus/Translate';

/** `translate`, with the parameter-section heading looked up per location (Path, Query, …). */
export const translate: typeof translateMessage = (options, values) => {
  const location = (values as Record<string, unknown> | undefined)?.type;
  if (options.id !== parametersTitleId || typeof location !== 'string') {
    return translateMessage(options, values);
  }
  return translateMessage({ ...options, id: parametersTitleIdOf(location) }, values);
};
