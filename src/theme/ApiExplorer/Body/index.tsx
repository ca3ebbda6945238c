import React, { lazy, Suspense, useMemo, type ComponentProps, type ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Body from '@theme-original/ApiExplorer/Body';
import { useTypedSelector } from '@theme/ApiItem/hooks';
import { useAcceptFollowsContainer } from '@site/src/components/RequestEditor/container';
import { requestBodyForTheme } from '@site/src/components/RequestEditor/formBody';
import { useOperation } from '@site/src/components/RequestEditor/operation';

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

// Its own chunk, fetched after hydration and only for the speech request (pricing, pronunciation
// rules and the estimate stay off the page's first load).
const CostEstimate = lazy(() => import('@site/src/components/CostEstimate'));

/** The cost estimate, for an operation whose JSON body has a text and a model to bill it by. */
function CostEstimateOfBody(): ReactNode {
  const isBrowser = useIsBrowser();
  const properties = useOperation()?.requestBody?.content?.['application/json']?.schema
    ?.properties as Record<string, { type?: unknown; enum?: unknown }> | undefined;
  if (!isBrowser || properties?.text?.type !== 'string' || !Array.isArray(properties.model?.enum)) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <CostEstimate />
    </Suspense>
  );
}

// Wrapped: the theme's form reads OpenAPI 3.0 words only, so a form body's fields are given to it
// in those (a file input for a 3.1 `contentMediaType`, a list of true/false for a boolean); and
// `Accept` follows the audio container the body asks for; the speech request gets a cost estimate.
export default function BodyWrapper(props: ComponentProps<typeof Body>): ReactNode {
  const { requestBodyMetadata } = props as { requestBodyMetadata?: RequestBody };
  const forTheme = useMemo(() => requestBodyForTheme(requestBodyMetadata), [requestBodyMetadata]);
  return (
    <>
      <Body {...props} requestBodyMetadata={forTheme} />
      <AcceptOfContainer />
      <CostEstimateOfBody />
    </>
  );
}
