import { initializeConfig } from 'lighthouse/core/config/config.js';
import { navigationGather } from 'lighthouse/core/gather/navigation-runner.js';
import { Runner } from 'lighthouse/core/runner.js';
import type { RunnerResult } from 'lighthouse';
import type { BrowserContext } from 'playwright-core';
import { median, phoneCpuRate } from './phone-cpu';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
export type LighthouseRun = Record<Category, number> & {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The host's CPU as this run measured it, and the phone's slowdown derived from it. */
  benchmarkIndex: number;
  cpuSlowdown: number;
  failed: string[];
};

/**
 * Lighthouse's own `lighthouse()` is gather then audit with one set of settings. With simulated
 * throttling (its default) the CPU slowdown only matters to the audits, which scale the
 * unthrottled trace's tasks by it; so the run gathers, takes the benchmark index it measured
 * right before its trace, and audits with the slowdown calibrated from that index. These are
 * lighthouse's modules behind `lighthouse()` (the lockfile pins the version).
 */
async function gatherAndAudit(
  port: number,
  url: string,
): Promise<{ lhr: RunnerResult['lhr']; cpuSlowdownMultiplier: number }> {
  const flags = {
    port,
    logLevel: 'error' as const,
    onlyCategories: [...CATEGORIES],
    disableStorageReset: true,
  };
  const { artifacts } = await navigationGather(undefined, url, { flags });
  const cpuSlowdownMultiplier = phoneCpuRate(artifacts.BenchmarkIndex);
  const { resolvedConfig } = await initializeConfig('navigation', undefined, {
    ...flags,
    throttling: { cpuSlowdownMultiplier },
  });
  // The audits refuse settings that differ from the gathered ones; only the slowdown does.
  const calibrated = { ...artifacts, settings: resolvedConfig.settings };
  const result = await Runner.audit(calibrated, { resolvedConfig, computedCache: new Map() });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return { lhr: result.lhr, cpuSlowdownMultiplier };
}

/**
 * One Lighthouse run with its default (mobile) settings but the calibrated CPU slowdown against
 * the browser behind `port`. The storage reset is off so a signed-in session survives; the HTTP
 * cache is cleared here instead, so every run is a cold load.
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
  const { lhr, cpuSlowdownMultiplier } = await gatherAndAudit(port, url);
  const { categories, audits, runtimeError, environment } = lhr;
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
    cpuSlowdown: cpuSlowdownMultiplier,
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
    benchmarkIndex: pick('benchmarkIndex'),
    cpuSlowdown: pick('cpuSlowdown'),
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    'best-practices': pick('best-practices'),
    seo: pick('seo'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    failed: [...new Set(results.flatMap((r) => r.failed))],
    runs: results.map(({ failed: _failed, ...figures }) => figures),
  };
}
