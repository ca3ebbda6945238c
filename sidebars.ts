import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

/** The guides, served from the site root. The API reference has its own sidebar file. */
const sidebars: SidebarsConfig = {
  tutorialSidebar: [
    'intro',
    'api-overview',
    'choice-endpoints',
    {
      type: 'category',
      label: '指南',
      collapsed: false,
      items: ['guides/contexts', 'guides/clone', 'guides/best-practices'],
    },
    'voices',
    'price',
    'faqs',
  ],
};

export default sidebars;
