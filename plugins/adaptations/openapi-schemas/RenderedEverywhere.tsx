import type { ReactNode } from 'react';

// `<BrowserOnly>`'s interface, rendering its children on the server as in the browser.
export default function RenderedEverywhere({
  children,
}: {
  children?: () => ReactNode;
}): ReactNode {
  return children?.() ?? null;
}
