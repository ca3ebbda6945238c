import React, { useContext, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import LiveEditor from '@theme-original/ApiExplorer/LiveEditor';
import { jsonProblem, type JsonProblem } from '@site/src/components/RequestEditor/jsonBody';
import { useRequestCheck } from '@site/src/components/RequestEditor/check';
import { CheckMessageIdContext, useOperation } from '@site/src/components/RequestEditor/operation';

// Wrapped, not ejected: the theme's request-body editor is react-live's LiveProvider, which
// compiles the edited text as JSX (sucrase) and runs it with `new Function` to build a preview
// that this editor never shows. The site's Content-Security-Policy refuses eval
// (deploy/nginx/headers.conf.template); a transform that yields no code makes react-live stop
// before that step. Editing and the regenerated code samples read the text itself.
const noPreview = (): undefined => undefined;

function problemMessage(problem: JsonProblem): string {
  return problem.line === undefined
    ? translate({
        id: 'requestEditor.invalidJson',
        message: '请求体不是有效的 JSON，改正之前不会生成代码。',
      })
    : translate(
        {
          id: 'requestEditor.invalidJsonAt',
          message:
            '请求体不是有效的 JSON（第 {line} 行第 {column} 列附近），改正之前不会生成代码。',
        },
        { line: problem.line, column: problem.column ?? 1 },
      );
}

interface Props {
  children: string;
  language?: string;
  action: (code: string) => void;
  [prop: string]: unknown;
}

/**
 * A JSON body is checked as the reader types: while it is not JSON, a message says where it
 * breaks (announced, `role="alert"`) and the editable text is marked `aria-invalid`; the code
 * panel waits for a valid body (src/theme/ApiExplorer/CodeSnippets). A valid body whose field the
 * request check refuses is marked too, described by the check's message beside the code.
 */
export default function LiveEditorWrapper(props: Props): ReactNode {
  const checked = props.language === 'json';
  const [problem, setProblem] = useState(() => (checked ? jsonProblem(props.children) : null));
  const box = useRef<HTMLDivElement>(null);
  const messageId = useId();
  // A field of the body the request check refuses (not a parameter's): described by its message.
  const refusal = useRequestCheck();
  const checkMessageId = useContext(CheckMessageIdContext);
  const parameters = useOperation()?.parameters ?? [];
  const refusedHere =
    checked &&
    refusal !== null &&
    !parameters.some((p) => p.name === refusal.param) &&
    checkMessageId !== undefined;
  // The editable element is react-live's; it takes no attributes from its props.
  useLayoutEffect(() => {
    const editable = box.current?.querySelector('pre');
    if (!editable) return;
    editable.setAttribute('role', 'textbox');
    editable.setAttribute('aria-multiline', 'true');
    editable.setAttribute(
      'aria-label',
      translate({ id: 'theme.openapi.request.body.title', message: 'Body' }),
    );
    if (problem || refusedHere) {
      editable.setAttribute('aria-invalid', 'true');
      editable.setAttribute('aria-describedby', problem ? messageId : checkMessageId!);
    } else {
      editable.removeAttribute('aria-invalid');
      editable.removeAttribute('aria-describedby');
    }
  });
  const action = (code: string) => {
    if (checked) setProblem(jsonProblem(code));
    props.action(code);
  };
  return (
    <div ref={box}>
      <LiveEditor {...props} action={action} transformCode={noPreview} />
      {problem && (
        <p id={messageId} role="alert" className="openapi-explorer__input-error">
          {problemMessage(problem)}
        </p>
      )}
    </div>
  );
}
