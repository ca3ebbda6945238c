/**
 * The checker's styles, as style attributes (which the site's CSP allows): the site's CSS is one
 * file that every page loads, and these rules are needed on one page only. Colours: Infima
 * variables only, so both colour modes follow the theme.
 */
import type { CSSProperties } from 'react';
import type { Verdict } from '@site/src/data/referenceAudio';

const drop: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5rem',
  padding: '1rem',
  border: '2px dashed var(--ifm-color-emphasis-400)',
  borderRadius: 'var(--ifm-global-radius)',
  backgroundColor: 'var(--ifm-background-surface-color)',
};

const verdictColours = (kind: 'success' | 'warning' | 'danger' | 'info'): CSSProperties => ({
  color: `var(--ifm-color-${kind}-contrast-foreground)`,
  backgroundColor: `var(--ifm-color-${kind}-contrast-background)`,
});

export const styles = {
  checker: { marginBottom: 'var(--ifm-leading)' },
  drop,
  dragging: { ...drop, borderColor: 'var(--ifm-color-primary)' },
  label: { fontWeight: 'var(--ifm-font-weight-semibold)' },
  input: { maxWidth: '100%' },
  flush: { margin: 0 },
  status: { margin: '0.5rem 0 0' },
  results: { padding: 0, margin: '0.25rem 0 0', listStyle: 'none' },
  /** The title above each kind's list: the hard limits, then the advice. */
  kind: { margin: '1rem 0 0', fontWeight: 'var(--ifm-font-weight-semibold)' },
  item: {
    padding: '0.5rem 0',
    borderBottom: '1px solid var(--ifm-color-emphasis-300)',
    overflowWrap: 'anywhere',
  },
  line: { margin: '0.25rem 0 0' },
  verdict: {
    display: 'inline-block',
    padding: '0 0.5rem',
    marginLeft: '0.5rem',
    borderRadius: 'var(--ifm-global-radius)',
    fontSize: '0.875rem',
    fontWeight: 'var(--ifm-font-weight-semibold)',
  },
} satisfies Record<string, CSSProperties>;

export const verdictStyles: Record<Verdict, CSSProperties> = {
  pass: verdictColours('success'),
  refused: verdictColours('danger'),
  redo: verdictColours('warning'),
  improve: verdictColours('info'),
  skipped: {
    color: 'var(--ifm-font-color-base)',
    backgroundColor: 'var(--ifm-color-emphasis-200)',
  },
};
