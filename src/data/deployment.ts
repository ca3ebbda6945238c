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
  /**
   * The provider's filings for generative AI in mainland China, shown in the footer and at
   * `/faqs#filings`. The numbers here are placeholders (zeros, like the ICP text's)
   * until the provider's own are granted.
   */
  readonly aiFilings: readonly AiFiling[];
  /** Where the service processes requests and stores data, as the FAQ states it. */
  readonly dataRegion: string;
  /** The provider's privacy policy (placeholder path until it is published). */
  readonly privacyPolicyUrl: string;
  /** The service agreement every account accepts (placeholder path until it is published). */
  readonly serviceAgreementUrl: string;
  /** Years of the copyright line in the footer. */
  readonly copyrightYears: string;
  /** Announcement bar: the invitation to register and collect a voucher. */
  readonly announcement: {
    readonly lead: string;
    readonly linkText: string;
  };
}

/** One filing of the provider's generative-AI service with the Cyberspace Administration. */
export interface AiFiling {
  /** Stable id (`data-filing` on the page). */
  readonly id: 'deep-synthesis-algorithm' | 'generative-ai-service';
  /** The filing's name, as the regulator names it. */
  readonly label: string;
  /** Its number; a placeholder of zeros until granted. */
  readonly number: string;
}

const consoleUrl = 'https://console.voxloom.example';

export const deployment: Deployment = {
  brandName: '声织 Voxloom',
  brandShort: 'Voxloom',
  siteUrl: 'https://docs.voxloom.example',
  consoleUrl,
  httpApiOrigin: 'https://api.voxloom.example',
  wsApiOrigin: 'wss://api.voxloom.example',
  supportEmail: 'support@voxloom.example',
  statusPageUrl: 'https://status.voxloom.example',
  icp: { text: '京ICP备00000000号', url: 'https://beian.miit.gov.cn/' },
  aiFilings: [
    {
      id: 'deep-synthesis-algorithm',
      label: '深度合成服务算法备案',
      number: '网信算备000000000000000000000号',
    },
    {
      id: 'generative-ai-service',
      label: '生成式人工智能服务备案',
      number: 'Beijing-Voxloom-00000000',
    },
  ],
  dataRegion: '中国内地',
  privacyPolicyUrl: `${consoleUrl}/legal/privacy`,
  serviceAgreementUrl: `${consoleUrl}/legal/agreement`,
  copyrightYears: '2024-2025',
  announcement: {
    lead: '新用户在控制台注册即自动获得代金券，',
    linkText: '立即注册',
  },
};

/** Version prefix of every HTTP and websocket path (the specs' paths start with it; a test checks). */
export const apiVersionPrefix = '/v1';
