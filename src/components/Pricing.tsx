import React, { useId, useState, type ReactNode } from 'react';
import TableRegion from '@site/src/components/TableRegion';
import useIsBrowser from '@docusaurus/useIsBrowser';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import Prose from '@site/src/components/Prose';
import { billingRules } from '@site/src/data/billing';
import { defaultModel, models, type ModelId } from '@site/src/data/models';
import {
  billedCharacters,
  billingUnitCharacters,
  clonePriceFen,
  currency,
  formatYuan,
  signupVoucher,
  speechCostFen,
  speechPriceFen,
} from '@site/src/data/pricing';
import { formatCount } from '../data/format';
import styles from './Pricing.module.css';

/** The billing unit in prose, e.g. “10,000 字符”. */
export function BillingUnit(): ReactNode {
  return <>{formatCount(billingUnitCharacters)} 字符</>;
}

/** The signup voucher in prose, e.g. “¥30.00 的代金券（有效期 90 天）”. */
export function SignupVoucher(): ReactNode {
  return (
    <>
      {formatYuan(signupVoucher.amountFen)} 的代金券（有效期 {signupVoucher.validDays} 天）
    </>
  );
}

/** The anchor of a billing rule on `/price`. */
export const billingRuleAnchor = (id: string): string => `billing-rule-${id}`;

/**
 * Some rules of billing from `src/data/billing.ts` (`billingRules`), by id, in the order given:
 * each item is a link target (`/price#billing-rule-<id>`).
 */
export function BillingRules({ ids }: { ids: readonly string[] }): ReactNode {
  const brokenLinks = useBrokenLinks();
  const rules = ids.map((id) => {
    const rule = billingRules.find((r) => r.id === id);
    if (!rule) throw new Error(`no billing rule ${id}`);
    return rule;
  });
  rules.forEach((r) => brokenLinks.collectAnchor(billingRuleAnchor(r.id)));
  return (
    <ul data-list="billing-rules">
      {rules.map((r) => (
        <li key={r.id} id={billingRuleAnchor(r.id)} data-billing-rule={r.id}>
          <strong>{r.topic}</strong>：<Prose text={r.rule} />
          {r.detail && (
            <p>
              <Prose text={r.detail} />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Prices of speech per model and of a voice clone, from `src/data/pricing.ts`. */
export function PriceTable(): ReactNode {
  return (
    <TableRegion label="价格表">
      <table data-table="prices">
        <caption className={styles.caption}>价格以人民币（{currency}）计</caption>
        <thead>
          <tr>
            <th scope="col">计费项</th>
            <th scope="col">
              <code>model</code>
            </th>
            <th scope="col">单价</th>
          </tr>
        </thead>
        <tbody>
          {models.map((m) => (
            <tr key={m.id} data-model={m.id}>
              <td>
                语音合成：{m.name}
                {m.isDefault ? '（默认）' : ''}
              </td>
              <td>
                <code>{m.id}</code>
              </td>
              <td>
                {formatYuan(speechPriceFen[m.id])} / <BillingUnit />
              </td>
            </tr>
          ))}
          <tr data-item="clone">
            <td>音色克隆（仅成功的克隆）</td>
            <td>不适用</td>
            <td>{formatYuan(clonePriceFen)} / 个音色</td>
          </tr>
        </tbody>
      </table>
    </TableRegion>
  );
}

type Mode = 'text' | 'characters';

/** A non-negative whole number from an input's text; anything else counts as 0. */
function wholeNumber(value: string): number {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

function Estimator(): ReactNode {
  const id = useId();
  const [model, setModel] = useState<ModelId>(defaultModel.id);
  const [mode, setMode] = useState<Mode>('text');
  const [sample, setSample] = useState(
    '您好，您的订单已经发货，预计明天下午送达。还有什么可以帮您？',
  );
  const [timesPerMonth, setTimesPerMonth] = useState('1000');
  const [charactersPerMonth, setCharactersPerMonth] = useState('100000');
  const [clones, setClones] = useState('0');

  // Read as the API reads a request without `text_markup`: every character is text.
  const sampleCharacters = billedCharacters(sample, 'none');
  const monthlyCharacters =
    mode === 'text'
      ? sampleCharacters * wholeNumber(timesPerMonth)
      : wholeNumber(charactersPerMonth);
  const speechFen = speechCostFen(monthlyCharacters, model);
  const cloneFen = wholeNumber(clones) * clonePriceFen;
  const totalFen = speechFen + cloneFen;
  const voucherFen = Math.min(totalFen, signupVoucher.amountFen);
  const restFen = totalFen - voucherFen;
  const voucherLeftFen = signupVoucher.amountFen - voucherFen;

  return (
    <form
      className={styles.estimator}
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => e.preventDefault()}
    >
      <p id={`${id}-title`} className={styles.title}>
        每月费用估算
      </p>

      <div className={styles.field}>
        <label htmlFor={`${id}-model`}>模型</label>
        <select
          id={`${id}-model`}
          value={model}
          onChange={(e) => setModel(e.target.value as ModelId)}
        >
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {`${m.name}（${m.id}）：${formatYuan(speechPriceFen[m.id])} / ${formatCount(billingUnitCharacters)} 字符`}
            </option>
          ))}
        </select>
      </div>

      <fieldset className={styles.fieldset}>
        <legend>用量的估算方式</legend>
        <label className={styles.radio}>
          <input
            type="radio"
            name={`${id}-mode`}
            value="text"
            checked={mode === 'text'}
            onChange={() => setMode('text')}
          />
          用一段示例文本乘以每月次数
        </label>
        <label className={styles.radio}>
          <input
            type="radio"
            name={`${id}-mode`}
            value="characters"
            checked={mode === 'characters'}
            onChange={() => setMode('characters')}
          />
          直接填写每月字符数
        </label>
      </fieldset>

      {mode === 'text' ? (
        <>
          <div className={styles.field}>
            <label htmlFor={`${id}-sample`}>示例文本（一次合成的典型内容）</label>
            <textarea
              id={`${id}-sample`}
              rows={3}
              value={sample}
              onChange={(e) => setSample(e.target.value)}
              aria-describedby={`${id}-sample-count`}
            />
            <p id={`${id}-sample-count`} className={styles.hint}>
              这段文本计费 {formatCount(sampleCharacters)} 字符（空白字符不计费）。
            </p>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-times`}>每月合成次数</label>
            <input
              id={`${id}-times`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={timesPerMonth}
              onChange={(e) => setTimesPerMonth(e.target.value)}
            />
          </div>
        </>
      ) : (
        <div className={styles.field}>
          <label htmlFor={`${id}-characters`}>每月计费字符数</label>
          <input
            id={`${id}-characters`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1000}
            value={charactersPerMonth}
            onChange={(e) => setCharactersPerMonth(e.target.value)}
          />
        </div>
      )}

      <div className={styles.field}>
        <label htmlFor={`${id}-clones`}>每月新克隆的音色数</label>
        <input
          id={`${id}-clones`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={clones}
          onChange={(e) => setClones(e.target.value)}
        />
      </div>

      <div className={styles.result} role="status" aria-live="polite" aria-atomic="true">
        <p className={styles.total}>
          每月约 <strong>{formatYuan(totalFen)}</strong>
        </p>
        <ul>
          <li>
            语音合成：{formatCount(monthlyCharacters)} 字符 × {formatYuan(speechPriceFen[model])} /{' '}
            {formatCount(billingUnitCharacters)} 字符 = {formatYuan(speechFen)}
          </li>
          <li>
            音色克隆：{formatCount(wholeNumber(clones))} 个 × {formatYuan(clonePriceFen)} ={' '}
            {formatYuan(cloneFen)}
          </li>
          <li>
            {restFen > 0
              ? `新账户的注册代金券（${formatYuan(signupVoucher.amountFen)}，有效期 ${signupVoucher.validDays} 天）可抵扣其中 ${formatYuan(voucherFen)}，其余 ${formatYuan(restFen)} 从充值余额支付。`
              : `新账户的注册代金券（${formatYuan(signupVoucher.amountFen)}，有效期 ${signupVoucher.validDays} 天）可以全部抵扣，之后还剩 ${formatYuan(voucherLeftFen)}，可在有效期内继续使用。`}
          </li>
        </ul>
      </div>
    </form>
  );
}

/**
 * Estimates a month's cost. Interactive only after hydration; without JavaScript it renders a
 * sentence that explains how to compute the cost from the price table instead.
 */
export function CostEstimator(): ReactNode {
  const isBrowser = useIsBrowser();
  if (!isBrowser) {
    return (
      <p className={styles.fallback}>
        费用估算器需要启用 JavaScript。没有 JavaScript 时可以按价格表手算：每月费用 = 每月计费字符数
        ÷ <BillingUnit /> × 所选模型的单价 + 新克隆的音色数 × {formatYuan(clonePriceFen)}。
      </p>
    );
  }
  return <Estimator />;
}
