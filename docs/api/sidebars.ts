import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

// Written by `npm run gen-api` from the OpenAPI specs: one category per spec tag.
import speechOperations from './generated/speech/sidebar';
import voicesOperations from './generated/voices/sidebar';
import userOperations from './generated/user/sidebar';

type SidebarItemConfig = Extract<SidebarsConfig[string], unknown[]>[number];

/** Appends hand-written pages to the generated categories of a spec (e.g. the websocket page). */
function withPages(generated: SidebarItemConfig[], pages: string[]): SidebarItemConfig[] {
  return generated.map((item, index) =>
    index === 0 && typeof item === 'object' && item.type === 'category'
      ? { ...item, collapsed: false, items: [...(item.items as SidebarItemConfig[]), ...pages] }
      : item,
  );
}

/**
 * The API reference sidebar: the hand-written pages around the operations generated from
 * `api-specs/`. `speech-endpoint` is deliberately absent: it is a sidebar-less quick reference.
 */
const sidebars: SidebarsConfig = {
  api: [
    'introduction',
    'websocket',
    ...withPages(speechOperations as SidebarItemConfig[], ['speech/websocket']),
    ...withPages(voicesOperations as SidebarItemConfig[], []),
    ...withPages(userOperations as SidebarItemConfig[], []),
    'errors',
    'limits-and-timeouts',
  ],
};

export default sidebars;
