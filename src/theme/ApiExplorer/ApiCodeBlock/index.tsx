import React, { type ComponentProps, type ReactNode } from 'react';
import ApiCodeBlock from '@theme-original/ApiExplorer/ApiCodeBlock';
import { finishEditorSample, useEditorSample } from '@site/src/components/RequestEditor/samples';

// Wrapped: the request editor's code goes through the rules of the prebuilt samples, so what a
// reader copies after editing reads the key from VOXLOOM_API_KEY and saves audio, as before.
// Other code blocks of the theme (response examples) pass unchanged.
export default function ApiCodeBlockWrapper(props: ComponentProps<typeof ApiCodeBlock>): ReactNode {
  const sample = useEditorSample();
  const { children, language, className } = props;
  if (!sample || typeof children !== 'string' || !language) return <ApiCodeBlock {...props} />;
  if (!className?.split(' ').includes('openapi-explorer__code-block')) {
    return <ApiCodeBlock {...props} />;
  }
  return <ApiCodeBlock {...props}>{finishEditorSample(language, children, sample)}</ApiCodeBlock>;
}
