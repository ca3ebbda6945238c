import React, { useMemo, type ComponentProps, type ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import Body from '@theme-original/ApiExplorer/Body';
import { useTypedSelector } from '@theme/ApiItem/hooks';
import { useAcceptFollowsContainer } from '@site/src/components/RequestEditor/container';
import { requestBodyForTheme } from '@site/src/components/RequestEditor/formBody';

type RequestBody = Parameters<typeof requestBodyForTheme>[0];

/** Where the body chooses the audio container, the `Accept` it implies (the theme shows none). */
function AcceptOfContainer(): ReactNode {
  const field = useAcceptFollowsContainer();
  const accept = useTypedSelector((state) => state.accept.value);
  if (!field) return null;
  return (
    <p className="openapi-explorer__form-item">
      <Translate
        id="requestEditor.acceptFromContainer"
        values={{ accept: <code>{accept}</code>, field: <code>{field.join('.')}</code> }}
      >
        {'Accept：{accept}，由请求体的 {field} 决定。'}
      </Translate>
    </p>
  );
}

// Wrapped: the theme's form reads OpenAPI 3.0 words only, so a form body's fields are given to it
// in those (a file input for a 3.1 `contentMediaType`, a list of true/false for a boolean); and
// `Accept` follows the audio container the body asks for.
export default function BodyWrapper(props: ComponentProps<typeof Body>): ReactNode {
  const { requestBodyMetadata } = props as { requestBodyMetadata?: RequestBody };
  const forTheme = useMemo(() => requestBodyForTheme(requestBodyMetadata), [requestBodyMetadata]);
  return (
    <>
      <Body {...props} requestBodyMetadata={forTheme} />
      <AcceptOfContainer />
    </>
  );
}
