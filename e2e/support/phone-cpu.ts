import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { BrowserContext } from 'playwright-core';

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The emulated phone's CPU, as Lighthouse's benchmark index. Lighthouse's default 4× slowdown
 * stands for a mid-tier phone on a reference desktop; the CPU slowdown calculator its throttling
 * docs point to puts that desktop at an index of 1,533 (1,533 = 4×), so the phone is 1,533 / 4.
 */
const PHONE_INDEX = 1533 / 4;

/**
 * The calculator's highest mark is 6×, an index of 2,000. Past it the host's benchmark outgrows
 * the page's own work: on a quiet host of index 3,300–3,750, slowed 8.6–9.8×, the signed-in pages
 * scored 75–90, where hosts of 1,260–2,470, slowed 3.3–6.4×, had them at 87–96 on the same build,
 * and that host at 6× at 91–96. So no slowdown goes past 6×.
 */
const MAX_RATE = 6;

/**
 * A fixed slowdown makes a different phone on every host, and on a busy one, so the slowdown is
 * derived from the host's benchmark index as measured at the time: host index / rate = the phone.
 * A host slower than the phone cannot be slowed down to it; it runs unthrottled (rate 1).
 */
export const phoneCpuRate = (benchmarkIndex: number) =>
  Math.min(MAX_RATE, Math.max(1, +(benchmarkIndex / PHONE_INDEX).toFixed(2)));

type PhoneCpu = { benchmarkIndex: number; rate: number };

/**
 * The host's index measured as a Lighthouse run measures it (its page function, once, in a fresh
 * tab), `samples` times for the median, and the phone's slowdown derived from it.
 */
export async function calibratePhoneCpu(context: BrowserContext, samples = 3): Promise<PhoneCpu> {
  const indexes: number[] = [];
  for (let i = 0; i < samples; i++) {
    const page = await context.newPage();
    indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    await page.close();
  }
  const benchmarkIndex = Math.round(median(indexes));
  return { benchmarkIndex, rate: phoneCpuRate(benchmarkIndex) };
}
