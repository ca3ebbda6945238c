import React, { useEffect, useState, type ReactNode } from 'react';
import { useOperation } from '@site/src/components/RequestEditor/operation';
import { useJsonBody } from '@site/src/components/RequestEditor/jsonBody';
import { formatCount } from '@site/src/data/format';
import { billingUnitCharacters, formatYuan, speechPriceFen } from '@site/src/data/pricing';
import { estimateRequest, formatBytes, formatSeconds } from './estimate';
import styles from './styles.module.css';

type Json = Record<string, unknown>;

/** How long the body stays unchanged before the estimate (and its announcement) follows it. */
const settleMs = 300;

/**
 * The cost estimate beside the request editor of the speech operation: billed characters and
 * price of the body's text, the audio's expected duration and size. Loaded on demand, after the
 * page has hydrated (see src/theme/ApiExplorer/Body); it sends nothing anywhere.
 */
export default function CostEstimate(): ReactNode {
  const operation = useOperation();
  const schema = operation?.requestBody?.content?.['application/json']?.schema as Json | undefined;
  const body = useJsonBody();
  const [shown, setShown] = useState(body);
  useEffect(() => {
    const timer = setTimeout(() => setShown(body), settleMs);
    return () => clearTimeout(timer);
  }, [body]);

  let content: ReactNode;
  if (!shown) {
    content = <p>请求体不是 JSON，无法估算。</p>;
  } else if (!shown.ok) {
    content = <p>请求体不是合法的 JSON，改正后这里会显示估算。</p>;
  } else {
    const result = estimateRequest(shown.value, schema);
    if (!result.ok) {
      content = <p>{result.message}</p>;
    } else {
      const e = result.estimate;
      content = (
        <>
          <dl className={styles.figures}>
            <dt>计费字符</dt>
            <dd data-estimate="characters">{formatCount(e.characters)} 个</dd>
            <dt>价格</dt>
            <dd>
              <span data-estimate="price">{formatYuan(e.fen)}</span>（<code>{e.model}</code>，每{' '}
              {formatCount(billingUnitCharacters)} 字符 {formatYuan(speechPriceFen[e.model])}）
            </dd>
            <dt>预计时长</dt>
            <dd>
              约 <span data-estimate="duration">{formatSeconds(e.seconds)}</span>
            </dd>
            <dt>预计大小</dt>
            <dd>
              {e.bytes === null ? (
                <>无法估算（未知的输出格式 {e.format}）</>
              ) : (
                <>
                  约 <span data-estimate="size">{formatBytes(e.bytes)}</span>（{e.format}）
                </>
              )}
            </dd>
          </dl>
          {e.markupError ? <p>注意：{e.markupError}这样的请求会被拒绝，不计费。</p> : null}
        </>
      );
    }
  }
  return (
    <section className={styles.estimate} aria-labelledby="cost-estimate-title">
      <p id="cost-estimate-title" className={styles.title}>
        费用估算
      </p>
      <div role="status" aria-live="polite" aria-atomic="true">
        {content}
      </div>
      <p className={styles.note}>
        计费字符按“计费与价格”页的规则计算：空白不计费，发音控制标记只在 <code>text_markup</code> 为{' '}
        <code>pronunciation</code>{' '}
        时不计费。时长按估算的语速计算，实际随音色和文本而变；只在浏览器里计算，不发送任何请求。
      </p>
    </section>
  );
}
