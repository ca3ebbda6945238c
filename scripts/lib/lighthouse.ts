/**
 * Lighthouse (mobile, default simulated throttling) on Debian's Chromium, for the benchmarks:
 * `scripts/bench.ts` (median of three runs per page) and `scripts/bench-ab.ts` (two builds
 * alternated, to tell a change from the machine's noise).
 */
import { chromiumArgs, chromiumPath } from '../../playwright.config';

// Lighthouse launches its own Chromium, headless, with the tests' flags.
const chromiumFlags = ['--headless=new', ...chromiumArgs];

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** The simulated metrics behind the performance score. */
  metrics: LighthouseMetrics;
}

/** Milliseconds, but CLS (unitless). */
export interface LighthouseMetrics {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
}

export async function lighthouseOnce(url: string): Promise<LighthouseScores> {
  const { launch } = await import('chrome-launcher');
  const lighthouse = (await import('lighthouse')).default;
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const c = result!.lhr.categories;
    const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
    const metric = (k: string) => result!.lhr.audits[k]?.numericValue ?? NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      metrics: {
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        speedIndex: metric('speed-index'),
      },
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse's performance score varies by ±5 on a shared machine: of three runs, the one with
 * the median performance score (the other categories do not vary between runs).
 */
export async function lighthouseScores(url: string): Promise<LighthouseScores> {
  const runs: LighthouseScores[] = [];
  for (let i = 0; i < 3; i += 1) runs.push(await lighthouseOnce(url));
  return runs.sort((a, b) => a.performance - b.performance)[1];
}
