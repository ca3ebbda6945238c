import React, { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import {
  referenceAudioCheckKindLabels,
  referenceAudioFormats,
  verdictLabels,
  type ReferenceAudioCheckKind,
  type Verdict,
} from '@site/src/data/referenceAudio';
import type { CheckResult } from './verdicts';
import { styles, verdictStyles } from './styles';

type State =
  | { step: 'idle' }
  | { step: 'working'; name: string }
  | { step: 'done'; name: string; checks: readonly CheckResult[]; summary: string }
  | { step: 'unreadable'; name: string; message: string };

const accept = [
  ...referenceAudioFormats.flatMap((f) => f.extensions.map((e) => `.${e}`)),
  'audio/*',
].join(',');

/**
 * The clone guide's reference-audio checker: the reader picks or drops a recording; it is read
 * and measured in the browser, never uploaded. The reading, decoding and measuring code (and its
 * worker) loads only when a file is chosen.
 */
export default function ReferenceAudioChecker(): ReactNode {
  const inputId = useId();
  const [state, setState] = useState<State>({ step: 'idle' });
  const [dragging, setDragging] = useState(false);
  const run = useRef(0);

  const check = async (file: File | undefined) => {
    if (!file) return;
    const id = ++run.current;
    setState({ step: 'working', name: file.name });
    let next: State;
    try {
      const [{ checkFile }, { summaryOf }] = await Promise.all([
        import(/* webpackChunkName: "reference-audio-checker" */ './run'),
        import('./verdicts'),
      ]);
      const outcome = await checkFile(file);
      next =
        outcome.kind === 'checks'
          ? {
              step: 'done',
              name: file.name,
              checks: outcome.checks,
              summary: summaryOf(outcome.checks),
            }
          : { step: 'unreadable', name: file.name, message: outcome.message };
    } catch {
      next = {
        step: 'unreadable',
        name: file.name,
        message: '检查没能完成：浏览器读取或分析这个文件时出错。请刷新页面后再试。',
      };
    }
    if (id === run.current) setState(next);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void check(e.dataTransfer.files[0]);
  };

  return (
    // `data-interactive`: the page's Markdown form (plugins/features/llms-txt) names the tool in its place.
    <div
      style={styles.checker}
      role="group"
      aria-label="检查参考录音"
      data-interactive="录音检查器"
    >
      <div
        style={dragging ? styles.dragging : styles.drop}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor={inputId} style={styles.label}>
          选择一段参考录音，或把文件拖到这里
        </label>
        <input
          id={inputId}
          type="file"
          style={styles.input}
          accept={accept}
          onChange={(e) => {
            void check(e.target.files?.[0]);
          }}
        />
        <p style={styles.flush}>录音只在你的浏览器里读取和分析，不会上传到任何地方。</p>
      </div>
      <p style={styles.status} role="status">
        {state.step === 'working' && `正在检查 ${state.name}…`}
        {state.step === 'done' && `${state.name}：${state.summary}`}
      </p>
      <div role="alert">
        {state.step === 'unreadable' && (
          <p style={styles.status}>
            {state.name}：{state.message}
          </p>
        )}
      </div>
      {state.step === 'done' &&
        kinds.map((kind) => (
          <div key={kind} data-kind={kind}>
            <p style={styles.kind} id={`${inputId}-${kind}`}>
              {referenceAudioCheckKindLabels[kind]}
            </p>
            <ul style={styles.results} aria-labelledby={`${inputId}-${kind}`}>
              {state.checks
                .filter((c) => c.kind === kind)
                .map((c) => (
                  <CheckItem key={c.id} check={c} />
                ))}
            </ul>
          </div>
        ))}
    </div>
  );
}

/** The hard limits first (what the API refuses), then the advice on quality. */
const kinds: readonly ReferenceAudioCheckKind[] = ['limit', 'quality'];

function CheckItem({ check }: { check: CheckResult }): ReactNode {
  const verdict: Verdict = check.verdict;
  return (
    <li data-check={check.id} data-verdict={verdict} style={styles.item}>
      <strong>{check.label}</strong>
      <span style={{ ...styles.verdict, ...verdictStyles[verdict] }}>{verdictLabels[verdict]}</span>
      <p style={styles.line}>{check.measured}</p>
      {check.refusal && (
        <p style={styles.line} data-refusal={check.refusal.code}>
          上传时 API 返回 HTTP {check.refusal.status} <code>{check.refusal.code}</code>：
          {check.refusal.message}
        </p>
      )}
      {check.advice && (
        <p style={styles.line}>
          {check.kind === 'limit' ? '怎么改：' : '建议：'}
          {check.advice}
        </p>
      )}
    </li>
  );
}
