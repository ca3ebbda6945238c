/**
 * The site's main entry points, offered where a reader has lost their way (the not-found page).
 * Each label is its page's title; a test checks both against the built pages.
 */
export interface EntryPoint {
  readonly to: string;
  readonly label: string;
}

export const entryPoints: readonly EntryPoint[] = [
  { to: '/', label: '简介与快速开始' },
  { to: '/api-overview', label: 'API 概览' },
  { to: '/guides/contexts', label: 'WebSocket 上下文' },
  { to: '/guides/clone', label: '克隆自定义音色' },
  { to: '/api/introduction', label: 'API 参考简介' },
  { to: '/api/errors', label: '错误码' },
  { to: '/price', label: '计费与价格' },
  { to: '/faqs', label: '常见问题' },
];
