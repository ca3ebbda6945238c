/**
 * The session log checker: the reader pastes or drops a JSON-lines log of their client's session;
 * a web worker checks it (src/protocol/logCheck.ts) against the AsyncAPI schemas and the rules of
 * src/protocol/logRules.ts, and every violation links to the section that states its rule. The
 * log never leaves the browser.
 */
import React, { useId, useState, type DragEvent, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { CheckAnswer } from './session.worker';
import { logCaps, logRule } from '@site/src/protocol/logRules';
import { scenarios, timelineToLog } from '@site/src/protocol/scenarios';
import { checkInWorker, simulateInWorker } from './workerClient';
import { formatCount } from '@site/src/data/format';
import styles from './styles.module.css';

/** The anchor of a log line in the excerpt: one log checker per page. */
const lineId = (line: number) => `log-line-${line}`;

const tooLarge = `文件太大：最多检查 ${formatCount(logCaps.bytes / 1024 / 1024)} MB。请截取出问题的那一段再检查。`;

export default function LogChecker(): ReactNode {
  const id = useId();
  const [text, setText] = useState('');
  const [report, setReport] = useState<CheckAnswer | null>(null);
  /** The log line a finding's link last went to. */
  const [current, setCurrent] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  /** How many checks have finished: tests wait on it. */
  const [runs, setRuns] = useState(0);

  async function check(input: string) {
    setBusy(true);
    setReport(null);
    setCurrent(null);
    setStatus('正在检查……');
    try {
      const result = await checkInWorker(input);
      setReport(result);
      if (!result.ok) setStatus(result.message);
      else {
        const found = result.violations.length + result.more;
        setStatus(
          `检查了 ${formatCount(result.lines)} 行（发送 ${formatCount(result.sent)} 条，收到 ${formatCount(result.received)} 条）：${
            found === 0 ? '没有发现问题。' : `发现 ${formatCount(found)} 个问题。`
          }`,
        );
      }
    } catch {
      // The worker's own error is in English: the reader gets what to do instead.
      setStatus('检查失败：浏览器检查日志时出错，请刷新页面后再试。');
    } finally {
      setBusy(false);
      setRuns((n) => n + 1);
    }
  }

  async function readFile(file: File | undefined) {
    if (!file) return;
    if (file.size > logCaps.bytes) {
      setReport(null);
      setStatus(tooLarge);
      setRuns((n) => n + 1);
      return;
    }
    const content = await file.text();
    // A large log is checked, not shown: the text box would slow the page down.
    setText(content.length > 200_000 ? '' : content);
    void check(content);
  }

  async function loadExample() {
    const timeline = await simulateInWorker([...scenarios[1].steps]);
    const log = timelineToLog(timeline);
    setText(log);
    void check(log);
  }

  /** Scrolls to a line of the excerpt and focuses it, as a finding's line number asks. */
  function goTo(line: number) {
    const target = document.getElementById(lineId(line));
    if (!target) return;
    setCurrent(line);
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  }

  const findings = new Set(report?.ok ? report.violations.map((v) => v.line) : []);

  return (
    <div className={styles.tool} data-tool="log-checker">
      <div
        className={styles.drop}
        data-dragging={dragging || undefined}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor={`${id}-log`}>
          连接日志（JSON Lines：每行一条记录，可以把文件拖到这里）
        </label>
        <textarea
          id={`${id}-log`}
          rows={8}
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className={styles.code}
        />
        <div className={styles.row}>
          <label htmlFor={`${id}-file`}>或选择日志文件</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".jsonl,.ndjson,.json,.log,.txt,application/json,text/plain"
            onChange={(e) => void readFile(e.target.files?.[0])}
          />
        </div>
      </div>
      <div className={styles.row}>
        <button
          type="button"
          className="button button--primary button--sm"
          disabled={busy || text === ''}
          onClick={() => void check(text)}
        >
          检查日志
        </button>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => void loadExample()}
        >
          载入示例日志（打断场景）
        </button>
      </div>
      <p role="status" aria-live="polite" className={styles.status} data-runs={runs}>
        {status}
      </p>
      {report?.ok && report.violations.length > 0 && (
        <div className="table-region" role="region" aria-label="日志中的问题" tabIndex={0}>
          <table data-testid="log-violations">
            <caption className={styles.caption}>日志中的问题</caption>
            <thead>
              <tr>
                <th scope="col">行</th>
                <th scope="col">规则</th>
                <th scope="col">问题</th>
              </tr>
            </thead>
            <tbody>
              {report.violations.map((v, i) => {
                const rule = logRule(v.rule);
                return (
                  <tr key={i} data-line={v.line} data-rule={v.rule}>
                    <td>
                      <Link
                        to={`#${lineId(v.line)}`}
                        aria-label={`日志第 ${v.line} 行`}
                        onClick={(e) => {
                          e.preventDefault();
                          goTo(v.line);
                        }}
                      >
                        {v.line}
                      </Link>
                    </td>
                    <td>
                      <Link to={rule.href}>{rule.title}</Link>
                      {rule.severity === 'warning' ? '（提醒）' : ''}
                    </td>
                    <td>{v.detail}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {report?.ok && report.excerpt.length > 0 && (
        <>
          <p className={styles.note} id="log-excerpt">
            日志中出问题的行，及其前后各 2 行（点问题的行号跳到这里）：
          </p>
          <ol className={styles.logLines} aria-labelledby="log-excerpt">
            {report.excerpt.map((entry, i) => {
              if (entry.text === null) {
                const next = report.excerpt[i + 1]?.line ?? report.lines + 1;
                const last = next - 1;
                return (
                  <li key={`gap-${entry.line}`} className={styles.gap}>
                    ⋯ 省略第 {entry.line === last ? entry.line : `${entry.line}–${last}`} 行
                  </li>
                );
              }
              return (
                <li
                  key={entry.line}
                  id={lineId(entry.line)}
                  tabIndex={-1}
                  data-log-line={entry.line}
                  data-finding={findings.has(entry.line) || undefined}
                  data-current={current === entry.line || undefined}
                >
                  <span className={styles.lineNumber}>{entry.line}</span>
                  <code>{entry.text === '' ? ' ' : entry.text}</code>
                </li>
              );
            })}
          </ol>
        </>
      )}
      {report?.ok && report.more > 0 && (
        <p className={styles.note}>
          只列出前 {formatCount(logCaps.shown)} 个问题，另有 {formatCount(report.more)} 个未列出。
        </p>
      )}
    </div>
  );
}
