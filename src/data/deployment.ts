/**
 * Every value that differs between deployments of this site lives here, so that a provider can
 * rebrand the docs by editing this one file. `docusaurus.config.ts`, the pages and the tests all
 * import it; nothing else spells out a URL, the brand or the filing number.
 */
export interface Deployment {
  /** Full brand as shown in the navbar and page titles. */
  readonly brandName: string;
  /** Short Latin brand, used where Chinese text would not fit (e.g. the logo alt text). */
  readonly brandShort: string;
  /** Public origin of this documentation site, without a trailing slash. */
  readonly siteUrl: string;
  /** The provider's console, where readers register and create API keys. */
  readonly consoleUrl: string;
  /** Origin of the HTTP API (the `/v1` prefix is part of each path, not of the origin). */
  readonly httpApiOrigin: string;
  /** Origin of the websocket API. */
  readonly wsApiOrigin: string;
  /** Where readers reach technical support (quote the request id). */
  readonly supportEmail: string;
  /** Public service status page: incidents, maintenance windows, their history. */
  readonly statusPageUrl: string;
  /** Mainland-China ICP filing shown in the footer. */
  readonly icp: { readonly text: string; readonly url: string };
  /** Years of the copyright line in the footer. */
  readonly copyrightYears: string;
  /** Announcement bar: the invitation to register and collect a voucher. */
  readonly announcement: {
    readonly lead: string;
    readonly linkText: string;
  };
}

export const deployment: Deployment = {
  brandName: '声织 Voxloom',
  brandShort: 'Voxloom',
  siteUrl: 'https://docs.voxloom.example',
  consoleUrl: 'https://console.voxloom.example',
  httpApiOrigin: 'https://api.voxloom.example',
  wsApiOrigin: 'wss://api.voxloom.example',
  supportEmail: 'support@voxloom.example',
  statusPageUrl: 'https://status.voxloom.example',
  icp: { text: '京ICP备00000000号', url: 'https://beian.miit.gov.cn/' },
  copyrightYears: '2024-2025',
  announcement: {
    lead: '新用户在控制台注册即自动获得代金券，',
    linkText: '立即注册',
  },
};

/** Version prefix of every HTTP and websocket path (the specs' paths start with it; a test checks). */
export const apiVersionPrefix = '/v1';
