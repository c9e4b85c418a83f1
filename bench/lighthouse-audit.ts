// One Lighthouse (mobile, default simulated throttling) audit of a page, as the page benchmarks take
// it: `bench/lighthouse.ts` (the prerendered pages) and `bench/route-content.ts` (the others).
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../scripts/browser.ts';

export const LIGHTHOUSE_CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

export interface Audit {
  readonly score: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly ttiMs: number;
  /** Bytes of JavaScript the page fetched as Lighthouse loaded it, as sent (compressed). */
  readonly scriptBytes: number;
}

/** Chromium now and then records a trace without the navigation's start; another run is sound. */
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP']);

interface NetworkRequest {
  readonly resourceType?: string;
  readonly transferSize?: number;
}

/** Audits `url` in the Chrome on `port`; `headers` go with every request (a session cookie). */
export async function audit(url: string, port: number, headers?: Record<string, string>, attempt = 1): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(headers ? { extraHeaders: headers } : {}),
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError && RETRIED_ERRORS.has(lhr.runtimeError.code) && attempt < 3)
    return audit(url, port, headers, attempt + 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const lcp = lhr.audits['largest-contentful-paint'];
  if (lcp?.numericValue === undefined) throw new Error(`No LCP for ${url}: ${lcp?.errorMessage ?? 'unknown'}`);
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  return {
    score: lhr.categories.performance?.score ?? 0,
    lcpMs: Number(lcp.numericValue),
    tbtMs: Number(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
    cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN),
    // Lighthouse 12 still computes time to interactive, unweighted: issue 9 measures against it.
    ttiMs: Number(lhr.audits['interactive']?.numericValue ?? NaN),
    scriptBytes: requests
      .filter((request) => request.resourceType === 'Script')
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
  };
}
