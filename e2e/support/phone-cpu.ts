import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { BrowserContext } from 'playwright-core';

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Lighthouse's phone: its default 4× slowdown stands for a mid-tier phone on a desktop of
 * benchmark index 1,533 (the CPU slowdown calculator its throttling docs point to).
 */
const PHONE_INDEX = 1533 / 4;

/**
 * No slowdown goes past 6× (the calculator's highest mark): past it the emulation, not the page,
 * decides the score (hosts slowed 8.6–9.8× scored pages 75–90 that scored 91–96 at 6×).
 */
const MAX_RATE = 6;

/** The slowdown that makes a host of benchmark index `index` Lighthouse's phone; at least 1. */
const phoneCpuRate = (index: number) =>
  Math.min(MAX_RATE, Math.max(1, +(index / PHONE_INDEX).toFixed(2)));

/**
 * The phone of one run of the suite: every page and the cold loads are measured on it. Its
 * slowdown comes from the median of every benchmark index the run has seen: its own samples and
 * the one Lighthouse takes in its tab before each trace. A slowdown per page or per run drew
 * each sample's noise into the score: the index moved 1,060–2,400 between runs a minute apart,
 * and one build's `/home_page` scored 81–94 with each run's own slowdown, 91–95 with one for all.
 * A timed piece of page-like work in place of the index did no better: it took a third less
 * (91 → 60 ms) between two runs whose page loads hardly changed, where the index moved 13 %.
 */
export class RunPhone {
  private readonly indexes: number[] = [];

  /** Measures the host's index `count` more times, in a fresh tab, as Lighthouse does. */
  async sample(context: BrowserContext, count = 3) {
    const page = await context.newPage();
    try {
      for (let i = 0; i < count; i++)
        this.indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    } finally {
      await page.close();
    }
  }

  /** An index Lighthouse measured before one of its traces. */
  add(index: number) {
    this.indexes.push(index);
  }

  get benchmarkIndex() {
    return Math.round(median(this.indexes));
  }

  get rate() {
    return phoneCpuRate(median(this.indexes));
  }
}
