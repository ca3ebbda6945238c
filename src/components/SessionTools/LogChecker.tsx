/**
 * The session log checker: the reader pastes or drops a JSON-lines log of their client's session;
 * a web worker checks it (src/protocol/logCheck.ts) against the AsyncAPI schemas and the rules of
 * src/protocol/logRules.ts, and every violation links to the section that states its rule. The
 * log never leaves the browser.
 */
import React, { useId, useState, type DragEvent, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { LogReport } from '@site/src/protocol/logCheck';
import { logCaps, logRule } from '@site/src/protocol/logRules';
import { scenarios, timelineToLog } from '@site/src/protocol/scenarios';
import { checkInWorker, simulateInWorker } from './workerClient';
import { formatCount } from '@site/src/data/format';
import styles from './styles.module.css';

const tooLarge = `文件太大：最多检查 ${formatCount(logCaps.bytes / 1024 / 1024)} MB。请截取出问题的那一段再检查。`;

export default function LogChecker(): ReactNode {
  const id = useId();
  const [text, setText] = useState('');
  const [report, setReport] = useState<LogReport | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  /** How many checks have finished: tests wait on it. */
  const [runs, setRuns] = useState(0);

  async function check(input: string) {
    setBusy(true);
    setReport(null);
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

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  }

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
                    <td>{v.line}</td>
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
      {report?.ok && report.more > 0 && (
        <p className={styles.note}>
          只列出前 {formatCount(logCaps.shown)} 个问题，另有 {formatCount(report.more)} 个未列出。
        </p>
      )}
    </div>
  );
}
