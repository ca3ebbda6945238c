import React, { useMemo, type ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import type { Props } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/CodeSnippets';
import ApiCodeBlock from '@theme/ApiExplorer/ApiCodeBlock';
import buildPostmanRequest from '@theme/ApiExplorer/buildPostmanRequest';
import CodeTabs from '@theme/ApiExplorer/CodeTabs';
import { useResolvedEncoding } from '@theme/ApiExplorer/EncodingSelection/useResolvedEncoding';
import { useTypedSelector } from '@theme/ApiItem/hooks';
import { codeLanguageGroup, codeSampleLanguages } from '@site/src/data/codeSamples';
import { sampleOperation, type SampleOperation } from '@site/src/codegen/sampleOperation';
import { renderTemplate } from '@site/src/codegen/templates';
import { useJsonBody } from '@site/src/components/RequestEditor/jsonBody';
import { useOperation } from '@site/src/components/RequestEditor/operation';
import { useRequestCheck } from '@site/src/components/RequestEditor/check';
import CheckNotice from '@site/src/components/RequestEditor/CheckNotice';
import {
  editorOperation,
  type EditorRequest,
} from '@site/src/components/RequestEditor/editorOperation';

type CodeTabsProps = React.ComponentProps<typeof CodeTabs>;

// The theme's tab list reports a chosen tab to these; the code follows the tab alone here.
const ignore = () => undefined;
const actions = { setLanguage: ignore, setSelectedVariant: ignore, setSelectedSample: ignore };
const languageSet = codeSampleLanguages.map((l) => ({
  ...l,
  variants: [l.language],
})) as unknown as CodeTabsProps['languageSet'];

function CodeTab({
  children,
  hidden,
  className,
}: {
  value: string;
  label: string;
  attributes: { className: string };
  children: ReactNode;
  hidden?: boolean;
  className?: string;
}): ReactNode {
  return (
    <div role="tabpanel" className={className} hidden={hidden}>
      {children}
    </div>
  );
}

/** One language's code, written only when its tab is shown. */
function TemplateCode({ language, op }: { language: string; op: SampleOperation }): ReactNode {
  const { highlight } = codeSampleLanguages.find((l) => l.language === language)!;
  return (
    <ApiCodeBlock language={highlight} className="openapi-explorer__code-block" showLineNumbers>
      {renderTemplate(language, op).trimEnd()}
    </ApiCodeBlock>
  );
}

/**
 * Written anew, not wrapped: the request editor's code comes from the templates that write the
 * page's samples (src/codegen/templates/), fed with the operation as the reader edited it
 * (src/components/RequestEditor/editorOperation), instead of postman-code-generators' output.
 * The request is the one the theme builds from the form, so parameters, body and `Accept` read as
 * the theme's; the tabs, blocks and copy buttons are the theme's. While the reader's JSON body
 * does not parse, no code is written from it and the panel says why. Above the code, the API's
 * answer to the request as edited when its fields would be refused (CheckNotice).
 */
export default function CodeSnippets({ postman, requestBody }: Props): ReactNode {
  const item = useOperation();
  const json = useJsonBody();
  const contentType = useTypedSelector((state) => state.contentType.value);
  const accept = useTypedSelector((state) => state.accept.value);
  const server = useTypedSelector((state) => state.server.value);
  const body = useTypedSelector((state) => state.body);
  const pathParams = useTypedSelector((state) => state.params.path);
  const queryParams = useTypedSelector((state) => state.params.query);
  const cookieParams = useTypedSelector((state) => state.params.cookie);
  const headerParams = useTypedSelector((state) => state.params.header);
  const auth = useTypedSelector((state) => state.auth);
  const encoding = useResolvedEncoding(requestBody);
  const refusal = useRequestCheck();
  const base = useMemo(
    () => (item ? sampleOperation(item as unknown as Record<string, unknown>) : undefined),
    [item],
  );
  const broken = json !== null && !json.ok;
  const op = useMemo(() => {
    if (!base || broken) return undefined;
    const request = buildPostmanRequest(postman, {
      queryParams,
      pathParams,
      cookieParams,
      contentType,
      accept,
      headerParams,
      body,
      server,
      auth,
      encoding,
    }) as unknown as EditorRequest;
    const path = item?.path ? { template: item.path, params: pathParams } : undefined;
    return editorOperation(base, request, accept, path);
  }, [
    item,
    base,
    broken,
    postman,
    queryParams,
    pathParams,
    cookieParams,
    contentType,
    accept,
    headerParams,
    body,
    server,
    auth,
    encoding,
  ]);
  if (!op) {
    return (
      <>
        <CheckNotice error={refusal} />
        <p className="alert alert--warning">
          <Translate id="requestEditor.codeAwaitsValidJson">
            请求体改为有效的 JSON 后，这里会重新生成代码。
          </Translate>
        </p>
      </>
    );
  }
  return (
    <>
      <CheckNotice error={refusal} />
      <CodeTabs
        groupId={codeLanguageGroup}
        action={actions}
        languageSet={languageSet}
        defaultValue={codeSampleLanguages[0].language}
        lazy
      >
        {codeSampleLanguages.map((l) => (
          <CodeTab
            key={l.language}
            value={l.language}
            label={l.label}
            attributes={{ className: `openapi-tabs__code-item--${l.logoClass}` }}
          >
            <TemplateCode language={l.language} op={op} />
          </CodeTab>
        ))}
      </CodeTabs>
    </>
  );
}
