import lighthouse from 'lighthouse';
import type { BrowserContext } from 'playwright-core';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
export type LighthouseRun = Record<Category, number> & {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Lighthouse's measure of the host's CPU: its 4× slowdown stands for a mid-tier phone on a
   * host of about 1,500-2,000, so the same page scores lower on a slower host.
   */
  benchmarkIndex: number;
  failed: string[];
};

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One Lighthouse run with its default (mobile) settings against the browser behind `port`. The
 * storage reset is off so a signed-in session survives; the HTTP cache is cleared here instead,
 * so every run is a cold load.
 */
async function runOnce(
  context: BrowserContext,
  port: number,
  url: string,
  retried = false,
): Promise<LighthouseRun> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError, environment } = result.lhr;
  if (runtimeError) {
    // A trace Chromium failed to record (NO_NAVSTART, NO_FCP…) says nothing about the page:
    // Lighthouse itself asks to run again. Once; a second failure is reported.
    if (!retried) return runOnce(context, port, url, true);
    throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  }
  const score = (id: Category) => Math.round((categories[id]?.score ?? 0) * 100);
  const failed = Object.values(audits)
    .filter((audit) => audit.scoreDisplayMode === 'numeric' || audit.scoreDisplayMode === 'binary')
    .filter((audit) => audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    benchmarkIndex: Math.round(environment.benchmarkIndex),
    failed,
  };
}

/** The median of `runs` runs, per figure (as Lighthouse's own docs advise for noisy scores). */
export async function lighthouseMedian(
  context: BrowserContext,
  port: number,
  url: string,
  runs = 3,
) {
  const results: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) results.push(await runOnce(context, port, url));
  const pick = (key: Exclude<keyof LighthouseRun, 'failed'>) => median(results.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    'best-practices': pick('best-practices'),
    seo: pick('seo'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    benchmarkIndex: pick('benchmarkIndex'),
    failed: [...new Set(results.flatMap((r) => r.failed))],
    runs: results.map(({ failed: _failed, ...figures }) => figures),
  };
}
