/**
 * The session tools' placeholders, which pages import: a button each. The simulator and the log
 * checker (their UI, the protocol model, the schemas' validators, the web worker) load only when
 * the reader opens them, so the page's first load gains a few hundred bytes, not the tools.
 */
import React, { lazy, Suspense, useState, type ReactNode } from 'react';

const Simulator = lazy(() => import(/* webpackChunkName: "session-simulator" */ './Simulator'));
const LogChecker = lazy(() => import(/* webpackChunkName: "session-log-checker" */ './LogChecker'));

/**
 * A tool behind its button. `data-interactive` names it for the page's Markdown form
 * (plugins/llms-txt), which says in its place that the tool is on the web page.
 */
function OnDemand({
  name,
  loading,
  children,
}: {
  name: string;
  loading: string;
  children: ReactNode;
}): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <div data-interactive={name}>
      {open ? (
        <Suspense fallback={<p role="status">{loading}</p>}>{children}</Suspense>
      ) : (
        <p>
          <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
            打开{name}
          </button>
        </p>
      )}
    </div>
  );
}

/** The websocket session simulator: everything runs in the reader's browser. */
export function SessionSimulator(): ReactNode {
  return (
    <OnDemand name="连接模拟器" loading="正在加载连接模拟器……">
      <Simulator />
    </OnDemand>
  );
}

/** The session log checker: the log never leaves the reader's browser. */
export function SessionLogChecker(): ReactNode {
  return (
    <OnDemand name="日志检查器" loading="正在加载日志检查器……">
      <LogChecker />
    </OnDemand>
  );
}
