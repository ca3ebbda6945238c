import React, { type ComponentProps, type ReactNode } from 'react';
import ApiExplorer from '@theme-original/ApiExplorer';
import { OperationContext, type ApiOperation } from './operation';

/**
 * The theme's live request editor, with the operation it edits in reach of the wrapped theme
 * components under src/theme/ApiExplorer (the theme passes it to few of them).
 */
export default function RequestEditor(props: ComponentProps<typeof ApiExplorer>): ReactNode {
  return (
    <OperationContext.Provider value={(props as { item: ApiOperation }).item}>
      <ApiExplorer {...props} />
    </OperationContext.Provider>
  );
}
