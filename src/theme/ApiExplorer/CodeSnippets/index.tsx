import React, { useMemo, type ComponentProps, type ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import CodeSnippets from '@theme-original/ApiExplorer/CodeSnippets';
import { useTypedSelector } from '@theme/ApiItem/hooks';
import { useJsonBody } from '@site/src/components/RequestEditor/jsonBody';
import { EditorSampleContext } from '@site/src/components/RequestEditor/samples';
import { audioFileOf } from '@site/src/codegen/sampleOperation';

// Wrapped: while the reader's JSON body does not parse, no code is generated from it (the theme
// would show code with the broken text, or keep the last code) and the panel says why. The code
// blocks below learn the request's method and where its audio is saved (ApiCodeBlock's wrapper).
export default function CodeSnippetsWrapper(props: ComponentProps<typeof CodeSnippets>): ReactNode {
  const body = useJsonBody();
  const accept = useTypedSelector((state) => state.accept.value);
  const method = props.postman.method.toUpperCase();
  const sample = useMemo(() => ({ method, audioFile: audioFileOf(accept) }), [method, accept]);
  if (body && !body.ok) {
    return (
      <p className="alert alert--warning">
        <Translate id="requestEditor.codeAwaitsValidJson">
          请求体改为有效的 JSON 后，这里会重新生成代码。
        </Translate>
      </p>
    );
  }
  return (
    <EditorSampleContext.Provider value={sample}>
      <CodeSnippets {...props} />
    </EditorSampleContext.Provider>
  );
}
