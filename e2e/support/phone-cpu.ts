import type { BrowserContext } from 'playwright-core';
import { referenceWork } from './reference-work';

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * How long `referenceWork` takes on the emulated phone: Lighthouse's default 4× slowdown stands
 * for a mid-tier phone on a desktop of benchmark index 1,533 (the CPU slowdown calculator its
 * throttling docs point to). Set on a quiet host whose Lighthouse runs measured an index of
 * REFERENCE_HOST.index, where the work took REFERENCE_HOST.ms: that host slowed by index / 383.
 */
const REFERENCE_HOST = { index: 1_580, ms: 172 };
const PHONE_MS = (REFERENCE_HOST.ms * REFERENCE_HOST.index) / (1533 / 4);

/**
 * No slowdown goes past 6× (the calculator's highest mark): past it the emulation, not the page,
 * decides the score (hosts slowed 8.6–9.8× scored pages 75–90 that scored 91–96 at 6×).
 */
const MAX_RATE = 6;

/**
 * A fixed slowdown makes a different phone on every host, and on a busy one, so the slowdown is
 * derived from how long the host takes for the reference work at the time: the phone's time / the
 * host's. A host slower than the phone cannot be slowed down to it; it runs unthrottled (rate 1).
 */
export const phoneCpuRate = (referenceMs: number) =>
  Math.min(MAX_RATE, Math.max(1, +(PHONE_MS / referenceMs).toFixed(2)));

/** Runs before the ones timed: the first runs also compile the code and warm the caches. */
const WARM_UPS = 2;

/**
 * The reference work's time on this host now, in a fresh tab: the median of `samples` runs after
 * the warm-up ones.
 */
export async function referenceMs(context: BrowserContext, samples = 5): Promise<number> {
  const page = await context.newPage();
  try {
    const times: number[] = [];
    for (let i = 0; i < WARM_UPS + samples; i++) {
      const ms = await page.evaluate(referenceWork);
      if (i >= WARM_UPS) times.push(ms);
    }
    return Math.round(median(times));
  } finally {
    await page.close();
  }
}

type PhoneCpu = { referenceMs: number; rate: number };

/** The phone's slowdown on this host now. */
export async function calibratePhoneCpu(context: BrowserContext): Promise<PhoneCpu> {
  const ms = await referenceMs(context);
  return { referenceMs: ms, rate: phoneCpuRate(ms) };
}
