import React, { createContext, startTransition, useEffect, useState, type ReactNode } from 'react';

// The same context and provider as @docusaurus/core's `lib/client/browserContext.js`, which the
// plugin replaces: false while the page renders as on the server and hydrates, true afterwards.
export const Context = createContext(false);

export function BrowserContextProvider({ children }: { children: ReactNode }): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => {
    // A transition, so the re-render it causes is sliced instead of one long task.
    startTransition(() => setIsBrowser(true));
  }, []);
  return <Context.Provider value={isBrowser}>{children}</Context.Provider>;
}
