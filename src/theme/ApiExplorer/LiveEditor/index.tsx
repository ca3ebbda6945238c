import React, { type ReactNode } from 'react';
import LiveEditor from '@theme-original/ApiExplorer/LiveEditor';

// Wrapped, not ejected: the theme's request-body editor is react-live's LiveProvider, which
// compiles the edited text as JSX (sucrase) and runs it with `new Function` to build a preview
// that this editor never shows. The site's Content-Security-Policy refuses eval
// (deploy/nginx/headers.conf.template); a transform that yields no code makes react-live stop
// before that step. Editing and the regenerated code samples read the text itself.
const noPreview = (): undefined => undefined;

export default function LiveEditorWrapper(props: Record<string, unknown>): ReactNode {
  return <LiveEditor {...props} transformCode={noPreview} />;
}
