/**
 * The session tools' placeholders, which pages import: a button each. The simulator and the log
 * checker (their UI, the protocol model, the schemas' validators, the web worker) load only when
 * the reader opens them, so the page's first load gains a few hundred bytes, not the tools.
 */
import React, { lazy, Suspense, useState, type ReactNode } from 'react';

const Simulator = lazy(() => import(/* webpackChunkName: "session-simulator" */ './Simulator'));
const LogChecker = lazy(() => import(/* webpackChunkName: "session-log-checker" */ './LogChecker'));

function OnDemand({
  label,
  loading,
  children,
}: {
  label: string;
  loading: string;
  children: ReactNode;
}): ReactNode {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <p>
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          {label}
        </button>
      </p>
    );
  }
  return <Suspense fallback={<p role="status">{loading}</p>}>{children}</Suspense>;
}

/** The websocket session simulator: everything runs in the reader's browser. */
export function SessionSimulator(): ReactNode {
  return (
    <OnDemand label="打开会话模拟器" loading="正在加载会话模拟器……">
      <Simulator />
    </OnDemand>
  );
}

/** The session log checker: the log never leaves the reader's browser. */
export function SessionLogChecker(): ReactNode {
  return (
    <OnDemand label="打开日志检查器" loading="正在加载日志检查器……">
      <LogChecker />
    </OnDemand>
  );
}
