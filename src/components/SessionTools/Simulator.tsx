/**
 * The websocket session simulator: the reader composes client messages (form controls or raw
 * frames) or picks a scenario, and sees the session the protocol model (src/protocol/session.ts,
 * the same model the test mock runs) plays in a web worker, as a timeline with a lane per
 * context. Nothing is sent anywhere; the audio is a synthetic tone of the simulated length.
 */
import React, { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatCount } from '@site/src/data/format';
import { billingUnitCharacters, formatYuan, speechPriceFen } from '@site/src/data/pricing';
import { models, type ModelId } from '@site/src/data/models';
import { presetVoices } from '@site/src/data/voices';
import { outputFormatValues } from '@site/src/protocol/facts';
import {
  scenarios,
  simulatorStepMs,
  type Step,
  type Timeline,
  type TimelineEntry,
} from '@site/src/protocol/scenarios';
import Heading from '@theme/Heading';
import { playTone, stopTone } from './audio';
import { simulateInWorker } from './workerClient';
import styles from './styles.module.css';

type Json = Record<string, unknown>;
type ClientType = 'generate' | 'flush' | 'cancel';

const seconds = (ms: number) => `${formatCount(Math.round(ms / 10) / 100)} 秒`;
const clock = (ms: number) => (ms >= 1000 ? seconds(ms) : `${formatCount(ms)} 毫秒`);
/** Fen to yuan with four decimals: a context costs fractions of a fen. */

/** A step as the composer lists it. */
function describe(step: Step): string {
  const wait =
    'ms' in step.wait
      ? `${formatCount(step.wait.ms)} 毫秒后`
      : 'until' in step.wait
        ? `收到 ${step.wait.until.context_id} 的 ${step.wait.until.type}${step.wait.until.sequence !== undefined ? ` #${step.wait.until.sequence}` : ''} 时`
        : '所有上下文都发完后';
  if ('close' in step) return `${wait}：客户端正常关闭连接`;
  if ('binary' in step) return `${wait}：发送一个二进制帧`;
  return `${wait}：${step.send}`;
}

function summary(entry: TimelineEntry): string {
  if (entry.dir === 'close') {
    return `连接关闭：${entry.code} ${entry.reason}（${entry.by === 'server' ? '服务端关闭' : '客户端关闭'}）`;
  }
  const m = entry.message;
  if (!m) return `不是 JSON 对象的帧：${entry.raw ?? ''}`;
  switch (m.type) {
    case 'generate':
      return `generate：“${String(m.text)}”${m.continue === true ? '，continue: true' : '，最后一段'}`;
    case 'audio':
      return `audio #${String(m.sequence)}：${seconds(entry.durationMs ?? 0)}，${formatCount(entry.bytes ?? 0)} 字节`;
    case 'timestamps':
      return `timestamps：${((m.words as Json[]) ?? [])
        .map((w) => `${String(w.text)} ${String(w.start_ms)}–${String(w.end_ms)} 毫秒`)
        .join('；')}`;
    case 'done':
      return `done：计费 ${formatCount(Number(m.billed_characters))} 字符`;
    case 'error': {
      const e = m.error as Json;
      // An error that ends its context says what the context was billed.
      const billed =
        typeof m.billed_characters === 'number'
          ? `；上下文结束，计费 ${formatCount(m.billed_characters)} 字符`
          : '';
      return `error：${String(e.code)}${e.param ? `（${String(e.param)}）` : ''}，${String(e.message)}${billed}`;
    }
    default:
      return String(m.type);
  }
}

interface Draft {
  type: ClientType;
  contextId: string;
  text: string;
  voice: string;
  model: string;
  container: string;
  sampleRate: string;
  timestamps: boolean;
  more: boolean;
  waitMs: string;
}

const initialDraft: Draft = {
  type: 'generate',
  contextId: 'turn-1',
  text: '您好，这里是客服中心，',
  voice: presetVoices[0].voiceId,
  model: models[0].id,
  container: 'pcm',
  sampleRate: '24000',
  timestamps: false,
  more: true,
  waitMs: '100',
};

function draftToStep(d: Draft): Step {
  const message: Json = { type: d.type, context_id: d.contextId };
  if (d.type === 'generate') {
    message.text = d.text;
    if (d.voice) {
      message.voice_id = d.voice;
      message.model = d.model;
      message.output_format = { container: d.container, sample_rate: Number(d.sampleRate) };
      if (d.timestamps) message.timestamps = true;
    }
    message.continue = d.more;
  }
  return { wait: { ms: Math.max(0, Number(d.waitMs) || 0) }, send: JSON.stringify(message) };
}

/** Tone pitch per lane, so two contexts sound apart. */
const laneTone = (index: number) => 330 + 110 * (index % 4);

export default function Simulator(): ReactNode {
  const id = useId();
  const [scenarioId, setScenarioId] = useState(scenarios[0].id);
  const [steps, setSteps] = useState<Step[]>([]);
  const [draft, setDraft] = useState<Draft>(initialDraft);
  const [raw, setRaw] = useState('');
  const [closeAtEnd, setCloseAtEnd] = useState(true);
  const [timeline, setTimeline] = useState<Timeline | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  /** How many runs have finished: tests wait on it. */
  const [runs, setRuns] = useState(0);

  const update = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  async function run(script: Step[]) {
    setBusy(true);
    setStatus('正在模拟……');
    try {
      const result = await simulateInWorker(script);
      setTimeline(result);
      const sent = result.entries.filter((e) => e.dir === 'sent').length;
      const received = result.entries.filter((e) => e.dir === 'received').length;
      setStatus(
        `模拟完成：客户端发送 ${sent} 条，服务端返回 ${received} 条，${result.lanes.length} 个上下文${
          result.close
            ? `；连接在 ${clock(result.close.at)}时以关闭码 ${result.close.code}（${result.close.reason}）关闭`
            : ''
        }。`,
      );
    } catch {
      // The worker's own error is in English: the reader gets what to do instead.
      setStatus('模拟失败：浏览器运行模拟时出错，请刷新页面后再试。');
    } finally {
      setBusy(false);
      setRuns((n) => n + 1);
    }
  }

  function runScenario(event: FormEvent) {
    event.preventDefault();
    const scenario = scenarios.find((s) => s.id === scenarioId)!;
    setSteps([...scenario.steps]);
    void run([...scenario.steps]);
  }

  function runComposed() {
    const script: Step[] = closeAtEnd ? [...steps, { wait: { quiet: true }, close: true }] : steps;
    void run(script);
  }

  const lanes: (string | null)[] = [null];
  for (const e of timeline?.entries ?? [])
    if (e.lane !== null && !lanes.includes(e.lane)) lanes.push(e.lane);
  const laneName = (lane: string | null) => lane ?? '连接';
  const laneSummaries = timeline?.lanes ?? [];
  const totalBilled = laneSummaries.reduce((n, l) => n + (l.billed ?? 0), 0);
  const totalCost = laneSummaries.reduce((n, l) => n + (l.costFen ?? 0), 0);

  return (
    <div className={styles.tool} data-tool="simulator">
      <form className={styles.row} onSubmit={runScenario}>
        <label htmlFor={`${id}-scenario`}>场景</label>
        <select
          id={`${id}-scenario`}
          value={scenarioId}
          onChange={(e) => setScenarioId(e.target.value)}
        >
          {scenarios.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--primary button--sm" disabled={busy}>
          运行场景
        </button>
      </form>
      <p className={styles.note}>{scenarios.find((s) => s.id === scenarioId)?.summary}</p>

      <details className={styles.composer}>
        <summary>自己编写消息</summary>
        <fieldset className={styles.fields}>
          <legend>添加一条客户端消息</legend>
          <label>
            类型
            <select
              value={draft.type}
              onChange={(e) => update('type', e.target.value as ClientType)}
            >
              <option value="generate">generate</option>
              <option value="flush">flush</option>
              <option value="cancel">cancel</option>
            </select>
          </label>
          <label>
            context_id
            <input value={draft.contextId} onChange={(e) => update('contextId', e.target.value)} />
          </label>
          <label>
            距上一条（毫秒）
            <input
              type="number"
              min={0}
              step={10}
              value={draft.waitMs}
              onChange={(e) => update('waitMs', e.target.value)}
            />
          </label>
          {draft.type === 'generate' && (
            <>
              <label className={styles.wide}>
                text
                <textarea
                  rows={2}
                  value={draft.text}
                  onChange={(e) => update('text', e.target.value)}
                />
              </label>
              <label>
                音色（第一条 generate 带）
                <select value={draft.voice} onChange={(e) => update('voice', e.target.value)}>
                  <option value="">不带（续接已有上下文）</option>
                  {presetVoices.map((v) => (
                    <option key={v.voiceId} value={v.voiceId}>
                      {v.voiceId}
                    </option>
                  ))}
                </select>
              </label>
              {draft.voice && (
                <>
                  <label>
                    模型
                    <select value={draft.model} onChange={(e) => update('model', e.target.value)}>
                      {models.map((m) => (
                        <option key={m.id} value={m.id}>
                          {m.id}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    封装格式
                    <select
                      value={draft.container}
                      onChange={(e) => update('container', e.target.value)}
                    >
                      {outputFormatValues.container.map((c) => (
                        <option key={String(c)} value={String(c)}>
                          {String(c)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    采样率（Hz）
                    <select
                      value={draft.sampleRate}
                      onChange={(e) => update('sampleRate', e.target.value)}
                    >
                      {outputFormatValues.sample_rate.map((r) => (
                        <option key={String(r)} value={String(r)}>
                          {String(r)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={draft.timestamps}
                      onChange={(e) => update('timestamps', e.target.checked)}
                    />
                    timestamps: true
                  </label>
                </>
              )}
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={draft.more}
                  onChange={(e) => update('more', e.target.checked)}
                />
                continue: true（后面还有文本）
              </label>
            </>
          )}
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => setSteps((s) => [...s, draftToStep(draft)])}
          >
            添加到脚本
          </button>
        </fieldset>
        <div className={styles.fields}>
          <label className={styles.wide}>
            原始帧（原样发送的文本，例如一条 JSON 消息，也可以是不合规的内容）
            <textarea rows={2} value={raw} onChange={(e) => setRaw(e.target.value)} />
          </label>
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={raw === ''}
            onClick={() =>
              setSteps((s) => [...s, { wait: { ms: Number(draft.waitMs) || 0 }, send: raw }])
            }
          >
            添加原始帧
          </button>
        </div>
      </details>

      <Heading as="h3" className={styles.heading} id="session-script">
        消息脚本
      </Heading>
      {steps.length === 0 ? (
        <p className={styles.note}>还没有消息：运行一个场景，或在上面添加消息。</p>
      ) : (
        <ol className={styles.steps} aria-labelledby="session-script">
          {steps.map((step, i) => (
            <li key={i}>
              <code>{describe(step)}</code>
              <button
                type="button"
                className="button button--link button--sm"
                aria-label={`删除第 ${i + 1} 步`}
                onClick={() => setSteps((s) => s.filter((_, j) => j !== i))}
              >
                删除
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className={styles.row}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={closeAtEnd}
            onChange={(e) => setCloseAtEnd(e.target.checked)}
          />
          最后正常关闭连接（不勾选则等到空闲超时）
        </label>
        <button
          type="button"
          className="button button--primary button--sm"
          disabled={busy || steps.length === 0}
          onClick={runComposed}
        >
          运行脚本
        </button>
        <button
          type="button"
          className="button button--secondary button--sm"
          disabled={steps.length === 0}
          onClick={() => setSteps([])}
        >
          清空
        </button>
      </div>

      <p role="status" aria-live="polite" className={styles.status} data-runs={runs}>
        {status}
      </p>

      {timeline && (
        <>
          <Heading as="h3" className={styles.heading} id="session-timeline">
            时间线
          </Heading>
          <p className={styles.note}>
            模拟的服务端每 {simulatorStepMs}{' '}
            毫秒发出一个上下文的一条消息；音频时长按模拟的语速估算，字节数按各上下文的输出格式计算。
          </p>
          <ol
            className={styles.timeline}
            aria-labelledby="session-timeline"
            data-testid="session-timeline"
            style={{ '--lanes': lanes.length } as React.CSSProperties}
          >
            <li className={styles.laneHeads} aria-hidden="true">
              <span />
              {lanes.map((lane) => (
                <span key={lane ?? ''}>{laneName(lane)}</span>
              ))}
            </li>
            {timeline.entries.map((entry, i) => (
              <li
                key={i}
                className={styles.entry}
                data-dir={entry.dir}
                data-lane={entry.lane ?? ''}
                data-message={entry.message ? JSON.stringify(entry.message) : undefined}
                data-code={entry.code}
              >
                <span className={styles.time}>{clock(entry.at)}</span>
                <span
                  className={styles.card}
                  data-kind={entry.dir === 'close' ? 'close' : String(entry.message?.type ?? 'raw')}
                  style={{ '--col': lanes.indexOf(entry.lane) + 2 } as React.CSSProperties}
                >
                  <span className={styles.lane}>{laneName(entry.lane)}</span>{' '}
                  <span className={styles.dir}>
                    {entry.dir === 'sent'
                      ? '客户端 → 服务端'
                      : entry.dir === 'received'
                        ? '服务端 → 客户端'
                        : '连接'}
                  </span>{' '}
                  {summary(entry)}
                </span>
              </li>
            ))}
          </ol>

          {laneSummaries.length > 0 && (
            <div
              className="table-region"
              role="region"
              aria-label="各上下文的音频与费用"
              tabIndex={0}
            >
              <table>
                <caption className={styles.caption}>各上下文的音频与费用</caption>
                <thead>
                  <tr>
                    <th scope="col">上下文</th>
                    <th scope="col">格式</th>
                    <th scope="col">音频块</th>
                    <th scope="col">时长</th>
                    <th scope="col">字节</th>
                    <th scope="col">计费字符</th>
                    <th scope="col">费用</th>
                    <th scope="col">试听</th>
                  </tr>
                </thead>
                <tbody>
                  {laneSummaries.map((lane, i) => (
                    <tr key={lane.id} data-lane={lane.id}>
                      <th scope="row">
                        <code>{lane.id}</code>
                      </th>
                      <td>
                        {lane.format.container}，{formatCount(lane.format.sample_rate)} Hz
                      </td>
                      <td>{lane.chunks}</td>
                      <td>{seconds(lane.durationMs)}</td>
                      <td>{formatCount(lane.bytes)}</td>
                      <td>
                        {lane.billed === null ? '—' : formatCount(lane.billed)}
                        {lane.ended === 'close' && (
                          <>
                            <br />
                            （随连接关闭结束，没有 <code>done</code>，只在用量明细中）
                          </>
                        )}
                      </td>
                      <td>{lane.costFen === null ? '—' : formatYuan(lane.costFen)}</td>
                      <td>
                        <button
                          type="button"
                          className="button button--secondary button--sm"
                          disabled={lane.durationMs === 0}
                          aria-label={`试听 ${lane.id} 的模拟音频`}
                          onClick={() =>
                            playTone(lane.durationMs, lane.format.sample_rate, laneTone(i))
                          }
                        >
                          播放
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className={styles.note}>
            合计计费 {formatCount(totalBilled)} 字符，约 {formatYuan(totalCost)}。价格：
            {models
              .map(
                (m) =>
                  `${m.id} 每 ${formatCount(billingUnitCharacters)} 字符 ${formatYuan(speechPriceFen[m.id as ModelId])}`,
              )
              .join('，')}
            。试听的是与模拟音频等长的提示音，不是合成的语音。{' '}
            <button type="button" className="button button--link button--sm" onClick={stopTone}>
              停止播放
            </button>
          </p>
        </>
      )}
    </div>
  );
}
