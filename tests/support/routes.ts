/** The routes of the specification's table (../shared/spec/SPEC.md §2) and their sidebars. */
export type SidebarKind = 'tutorialSidebar' | 'api' | 'none';

export interface DocRoute {
  readonly path: string;
  readonly sidebar: SidebarKind;
}

export const guideRoutes: readonly string[] = [
  '/',
  '/api-overview',
  '/choice-endpoints',
  '/faqs',
  '/guides/best-practices',
  '/guides/clone',
  '/guides/contexts',
  '/price',
  '/voices',
];

export const apiRoutes: readonly string[] = [
  '/api/introduction',
  '/api/errors',
  '/api/limits-and-timeouts',
  '/api/speech/post',
  '/api/speech/websocket',
  '/api/user/credit',
  '/api/voices/create',
  '/api/voices/delete',
  '/api/voices/get',
  '/api/voices/list',
  '/api/voices/update',
  '/api/websocket',
];

/** The reference pages generated from the OpenAPI specs. */
export const operationRoutes: readonly string[] = [
  '/api/speech/post',
  '/api/user/credit',
  '/api/voices/create',
  '/api/voices/delete',
  '/api/voices/get',
  '/api/voices/list',
  '/api/voices/update',
];

export const docRoutes: readonly DocRoute[] = [
  ...guideRoutes.map((path) => ({ path, sidebar: 'tutorialSidebar' as const })),
  ...apiRoutes.map((path) => ({ path, sidebar: 'api' as const })),
  { path: '/api/speech-endpoint', sidebar: 'none' },
];

export const tagSlugs: readonly string[] = [
  'documentation',
  'getting-started',
  'openapi',
  'quickstart',
  'voice',
];

/** Every route of the table, for checks that apply to all pages. */
export const allRoutes: readonly string[] = [
  ...docRoutes.map((r) => r.path),
  '/search',
  '/tags',
  ...tagSlugs.map((t) => `/tags/${t}`),
];

/** The spec's `.html` and `/index.html` forms of a page, and the clean address each ends at. */
export const htmlNormalisations: readonly (readonly [string, string])[] = [
  ['/faqs.html', '/faqs'],
  ['/faqs/index.html', '/faqs'],
  ['/index.html', '/'],
  ['/api/speech/post.html', '/api/speech/post'],
  ['/guides/clone/index.html', '/guides/clone'],
];
