import { errorStatuses, type Cell, type GuideResult, type Report } from './harness';

const mark = (ok: boolean | undefined) => (ok === undefined ? '–' : ok ? '✓' : '✗');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const cellText = (cell: Cell | undefined) =>
  cell
    ? `${mark(cell.build?.ok)} ${mark(cell.run?.ok)} ${errorStatuses.map((s) => mark(cell.errors.find((e) => e.status === s)?.ok)).join('')}`
    : '✗ ✗ ';

/** The report of one run, in Markdown: the matrix, the guides' code, then every failure. */
export function formatReport(report: Report): string {
  const out: string[] = [];
  out.push(`# Code samples proven against the mock API: ${report.ok ? 'all green' : 'FAILED'}`);
  out.push('');
  out.push(
    `Run in ${seconds(report.durationMs)}. Each cell: compile (or syntax check), then run ` +
      'against the mock (exit 0, every request accepted by the contract, the request ID printed), ' +
      `then the same build against the errors ${errorStatuses.join(', ')} (exit non-zero, no ` +
      'audio file, the error’s code, message and request ID printed). ✓ passed, ✗ failed, – not reached.',
  );
  out.push('');
  out.push(`| language | build | ${report.operations.join(' | ')} |`);
  out.push(`| --- | --- | ${report.operations.map(() => ':---:').join(' | ')} |`);
  for (const language of report.languages) {
    const cells = report.operations.map((op) =>
      report.cells.find((c) => c.language === language && c.operationId === op),
    );
    out.push(
      `| ${language} | ${seconds(report.buildMs[language] ?? 0)} | ${cells.map(cellText).join(' | ')} |`,
    );
  }

  if (report.guides.length > 0) {
    const ran = report.guides.filter((g) => g.kind !== 'no-request');
    const parsed = report.guides.filter((g) => g.kind === 'no-request');
    out.push('');
    out.push('## The guides’ code');
    out.push('');
    out.push('| code | kind | shown on | check | run | requests |');
    out.push('| --- | --- | --- | :---: | :---: | --- |');
    for (const g of ran) {
      out.push(
        `| ${g.id} | ${g.kind} | ${g.pages.join(', ') || '(no page)'} | ${mark(g.check?.ok)} | ${mark(g.run?.ok)} | ${requestsOf(g)} |`,
      );
    }
    const failedChecks = parsed.filter((g) => g.check && !g.check.ok);
    out.push('');
    out.push(
      `${parsed.length} more blocks send nothing to the API (install and run commands, ffmpeg, ` +
        `response bodies, server messages): ${parsed.filter((g) => g.check?.ok).length} parsed, ` +
        `${failedChecks.length} failed to parse, ${parsed.filter((g) => !g.check).length} plain text.`,
    );
  }

  const failures = [
    ...report.cells
      .filter((c) => !c.run?.ok)
      .map((c) => ({
        name: `${c.language} × ${c.operationId}`,
        detail: c.build && !c.build.ok ? `build failed:\n${c.build.log}` : runDetail(c.run),
      })),
    ...report.cells.flatMap((c) =>
      c.errors
        .filter((e) => !e.ok)
        .map((e) => ({
          name: `${c.language} × ${c.operationId} × HTTP ${e.status}`,
          detail: `${e.problems.join('\n')}\n--- output ---\n${e.output}`,
        })),
    ),
    ...report.guides
      .filter((g) => (g.check && !g.check.ok) || (g.run && !g.run.ok))
      .map((g) => ({
        name: `${g.id} (${g.pages.join(', ')})`,
        detail: g.check && !g.check.ok ? `check failed:\n${g.check.log}` : runDetail(g.run),
      })),
  ];
  if (failures.length > 0) {
    out.push('');
    out.push('## Failures');
    for (const f of failures) {
      out.push('');
      out.push(`### ${f.name}`);
      out.push('');
      out.push('```text');
      out.push(f.detail.trim().slice(-3000));
      out.push('```');
    }
  }
  return `${out.join('\n')}\n`;
}

function requestsOf(g: GuideResult): string {
  if (!g.run) return '';
  const http = g.run.requests.map((r) => `${r.method} ${r.url.split('?')[0]} ${r.status}`);
  const ws = g.run.messages > 0 ? [`websocket: ${g.run.messages} sent`] : [];
  return [...new Set([...http, ...ws])].join('; ');
}

function runDetail(run: Cell['run']): string {
  if (!run) return 'not run';
  return `${run.problems.join('\n')}\n--- output ---\n${run.output}`;
}
