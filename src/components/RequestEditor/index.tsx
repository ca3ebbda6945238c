import React, { useId, useMemo, type ComponentProps, type ReactNode } from 'react';
import ApiExplorer from '@theme-original/ApiExplorer';
import { CheckMessageIdContext, OperationContext, type ApiOperation } from './operation';
import { withPlaceholders } from './placeholder';

/**
 * The theme's live request editor, with the operation it edits in reach of the wrapped theme
 * components under src/theme/ApiExplorer (the theme passes it to few of them), and the id of the
 * message its request check shows. The theme's form takes its placeholders from the operation's
 * descriptions: it is given them as plain first sentences.
 */
export default function RequestEditor(props: ComponentProps<typeof ApiExplorer>): ReactNode {
  const { item } = props as unknown as { item: ApiOperation & Record<string, unknown> };
  const shown = useMemo(() => withPlaceholders(item), [item]);
  const messageId = useId();
  return (
    <OperationContext.Provider value={item}>
      <CheckMessageIdContext.Provider value={messageId}>
        <ApiExplorer {...props} {...({ item: shown } as object)} />
      </CheckMessageIdContext.Provider>
    </OperationContext.Provider>
  );
}
