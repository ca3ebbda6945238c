import React, { useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import type { RequestError } from '@site/src/protocol/requestCheck';
import { CheckMessageIdContext, useOperation } from './operation';

/**
 * The form control of the field an error names, other than a JSON body's (the body editor marks
 * itself, src/theme/ApiExplorer/LiveEditor): the parameter or form field labelled with its name,
 * or the form's file input for a file field.
 */
function controlOf(form: Element, param: string): HTMLElement | null {
  const name = param.split(/[.[]/)[0];
  for (const label of Array.from(form.querySelectorAll<HTMLLabelElement>('label[for]'))) {
    if (label.textContent?.trim() === name) {
      return form.querySelector<HTMLElement>(`#${CSS.escape(label.htmlFor)}`);
    }
  }
  return null;
}

/**
 * What the API would answer to the request as edited, when it refuses it: the status and the
 * error object (`code`, `param`, `message`), in a live region beside the code, and the field it
 * names marked invalid and described by the message. Nothing when the request passes.
 */
export default function CheckNotice({ error }: { error: RequestError | null }): ReactNode {
  const messageId = useContext(CheckMessageIdContext);
  const operation = useOperation();
  const region = useRef<HTMLDivElement>(null);
  const isFileField = (name: string) => {
    for (const media of Object.values(operation?.requestBody?.content ?? {})) {
      const property = (media.schema?.properties as Record<string, Record<string, unknown>>)?.[
        name
      ];
      if (property && (property.contentMediaType !== undefined || property.format === 'binary')) {
        return true;
      }
    }
    return false;
  };
  useLayoutEffect(() => {
    const form = region.current
      ?.closest('.openapi-right-panel__container')
      ?.querySelector('.openapi-explorer__request-form');
    if (!form || !error?.param || !messageId) return undefined;
    const control =
      controlOf(form, error.param) ??
      (isFileField(error.param) ? form.querySelector<HTMLElement>('input[type="file"]') : null);
    if (!control) return undefined;
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', messageId);
    return () => {
      control.removeAttribute('aria-invalid');
      control.removeAttribute('aria-describedby');
    };
  });
  return (
    <div ref={region} className="request-check" aria-live="polite" aria-atomic="true">
      {error && (
        <div className="alert alert--danger request-check__refusal">
          <p id={messageId}>
            <Translate
              id="requestEditor.checkRefused"
              values={{
                status: error.status,
                code: <code>{error.code}</code>,
                message: error.message,
              }}
            >
              {'API 会拒绝这个请求：HTTP {status}，{code}。{message}'}
            </Translate>
          </p>
          <pre className="request-check__object">
            {`HTTP ${error.status}\n${JSON.stringify(
              { error: { code: error.code, message: error.message, param: error.param } },
              null,
              2,
            )}`}
          </pre>
        </div>
      )}
    </div>
  );
}
