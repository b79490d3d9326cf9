import type { RunnerResult } from 'lighthouse';
import { initializeConfig } from 'lighthouse/core/config/config.js';
import { navigationGather } from 'lighthouse/core/gather/navigation-runner.js';
import { Runner } from 'lighthouse/core/runner.js';
import type { BrowserContext } from 'playwright-core';
import { median, type RunPhone } from './phone-cpu';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type LighthouseRun = Record<Category, number> & {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The host's CPU as this run measured it, just before its trace. */
  benchmarkIndex: number;
  failed: string[];
};

/**
 * Lighthouse's default (mobile) settings. The storage reset is off so a signed-in session
 * survives; the HTTP cache is cleared before each run instead, so every run is a cold load.
 */
const FLAGS = {
  logLevel: 'error' as const,
  onlyCategories: [...CATEGORIES],
  disableStorageReset: true,
};

type Artifacts = Awaited<ReturnType<typeof navigationGather>>['artifacts'];

/**
 * `lighthouse()` is gather then audit with one set of settings; they are called apart here (the
 * lockfile pins the version of these modules). With simulated throttling, Lighthouse's default,
 * the CPU slowdown only matters to the audits, which scale the unthrottled trace's tasks by it,
 * so it can be chosen after gathering, from the reference work timed beside each run.
 */
async function gather(context: BrowserContext, port: number, url: string): Promise<Artifacts> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return (await navigationGather(undefined, url, { flags: { ...FLAGS, port } })).artifacts;
}

async function audit(artifacts: Artifacts, cpuSlowdownMultiplier: number) {
  const { resolvedConfig } = await initializeConfig('navigation', undefined, {
    ...FLAGS,
    throttling: { cpuSlowdownMultiplier },
  });
  // The audits refuse settings that differ from the gathered ones; only the slowdown does.
  const calibrated = { ...artifacts, settings: resolvedConfig.settings };
  const result = await Runner.audit(calibrated, { resolvedConfig, computedCache: new Map() });
  if (!result) throw new Error(`Lighthouse gave no result for ${artifacts.URL.requestedUrl}`);
  return result.lhr as RunnerResult['lhr'];
}

/** Regathers after a failed trace, before the run is reported as failed. */
const TRACE_RETRIES = 2;

/** One run's figures; a run whose trace failed is gathered again, up to twice. */
async function auditRun(
  gathered: Artifacts,
  cpuSlowdown: number,
  regather: () => Promise<Artifacts>,
): Promise<LighthouseRun> {
  let lhr = await audit(gathered, cpuSlowdown);
  // A trace Chromium failed to record (NO_NAVSTART, NO_FCP…) says nothing about the page:
  // Lighthouse itself asks to run again. Chromium has failed twice in a row on one page here,
  // so a third failure is reported.
  for (let retry = 0; lhr.runtimeError && retry < TRACE_RETRIES; retry++) {
    lhr = await audit(await regather(), cpuSlowdown);
  }
  const { categories, audits, runtimeError, environment } = lhr;
  if (runtimeError) {
    throw new Error(
      `Lighthouse on ${lhr.requestedUrl}: ${runtimeError.code} ${runtimeError.message}`,
    );
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

/**
 * How far above its bar one run must score to settle a page alone. Runs of one build moved up to
 * 6 points apart on a busy two-core host (85 → 91), so a single run this high leaves a page that
 * really misses its bar no room to pass; every page nearer the bar gets the median of 3.
 */
const CLEAR_OF_BAR = 5;
const RUNS = 3;
const RUNS_WHEN_SHORT = 5;

/** A page's runs so far, gathered on demand and audited together on the run's phone. */
function pageRuns(context: BrowserContext, port: number, url: string, phone: RunPhone) {
  const regather = () => gather(context, port, url);
  const gathered: Artifacts[] = [];
  return async (runs: number) => {
    while (gathered.length < runs) {
      const artifacts = await regather();
      phone.add(artifacts.BenchmarkIndex);
      gathered.push(artifacts);
    }
    const cpuSlowdown = phone.rate;
    const results: LighthouseRun[] = [];
    for (const artifacts of gathered)
      results.push(await auditRun(artifacts, cpuSlowdown, regather));
    const pick = (key: Exclude<keyof LighthouseRun, 'failed'>) =>
      median(results.map((r) => r[key]));
    return {
      benchmarkIndex: phone.benchmarkIndex,
      cpuSlowdown,
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
  };
}

export type PageFigures = Awaited<ReturnType<ReturnType<typeof pageRuns>>>;

/**
 * Each page's medians of its runs, per figure (as Lighthouse's own docs advise for noisy scores),
 * on the run's phone (support/phone-cpu.ts), which every gather's benchmark index joins. A page
 * is gathered once; one short of `bar + CLEAR_OF_BAR` is gathered up to 3 times. One whose median
 * of 3 misses `bar` gets two more runs once every page has had its first ones, and is judged on
 * the median of 5: this host goes through slow spells of a few minutes (one page scored 86 in one
 * attempt and 95 in the next), and runs taken straight after one another all fall in the same one.
 */
export async function lighthouseMedians(
  context: BrowserContext,
  port: number,
  urls: string[],
  bar: number,
  phone: RunPhone,
) {
  const pages = urls.map((url) => ({ url, measure: pageRuns(context, port, url, phone) }));
  const figures = new Map<string, PageFigures>();
  for (const { url, measure } of pages) {
    const single = await measure(1);
    figures.set(url, single.performance >= bar + CLEAR_OF_BAR ? single : await measure(RUNS));
  }
  for (const { url, measure } of pages) {
    if (figures.get(url)!.performance < bar) figures.set(url, await measure(RUNS_WHEN_SHORT));
  }
  return figures;
}
