import React, { type ComponentProps, type ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import CodeSnippets from '@theme-original/ApiExplorer/CodeSnippets';
import { useJsonBody } from '@site/src/components/RequestEditor/jsonBody';

// Wrapped: while the reader's JSON body does not parse, no code is generated from it (the theme
// would show code with the broken text, or keep the last code) and the panel says why.
export default function CodeSnippetsWrapper(props: ComponentProps<typeof CodeSnippets>): ReactNode {
  const body = useJsonBody();
  if (body && !body.ok) {
    return (
      <p className="alert alert--warning">
        <Translate id="requestEditor.codeAwaitsValidJson">
          请求体改为有效的 JSON 后，这里会重新生成代码。
        </Translate>
      </p>
    );
  }
  return <CodeSnippets {...props} />;
}
