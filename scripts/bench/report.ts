import { availableParallelism, loadavg } from 'node:os';
import type { DatabaseLabel } from './database';
import type { Measurement } from './measure';
import type { Latency } from './stats';

const whole = (n: number) => Math.round(n).toLocaleString('en-US');

/** A figure and the bare server's measurement just before it (measure.ts, withBaseline). */
export type Baselined<T> = { hello: Measurement; result: T };

const share = (perSecond: number, hello: Measurement) => (perSecond / hello.requestsPerSec) * 100;

/** "1,122 req/s = 4.2 %": a rate and its share of the bare server's, measured just before. */
export function rate(perSecond: number, unit: string, hello: Measurement) {
  return `${whole(perSecond)} ${unit} = ${share(perSecond, hello).toFixed(1)} %`;
}

/** Tenths of a millisecond where they matter (the targets are single-digit), whole ones above. */
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : whole(n)} ms`;

export const latency = (l: Pick<Latency, 'p50' | 'p99'>) => `p50 ${ms(l.p50)}, p99 ${ms(l.p99)}`;

/** An autocannon figure as the issue writes it; failed requests make it no result at all. */
export function loadCell({ hello, result }: Baselined<Measurement>) {
  const failed = result.failures > 0 ? `, ${whole(result.failures)} FAILED requests` : '';
  return `${rate(result.requestsPerSec, 'req/s', hello)}, ${latency(result)}${failed}`;
}

/**
 * "1,041 → 933 req/s = 4.2 → 3.8 % (−9.5 %)": the change is of the shares, so a machine that got
 * busier between the two does not pass for a slower server.
 */
export function growthCell(before: Baselined<Measurement>, after: Baselined<Measurement>) {
  const [from, to] = [before, after].map(({ hello, result }) =>
    share(result.requestsPerSec, hello),
  ) as [number, number];
  return (
    `${whole(before.result.requestsPerSec)} → ${whole(after.result.requestsPerSec)} req/s = ` +
    `${from.toFixed(1)} → ${to.toFixed(1)} % (${((to / from - 1) * 100).toFixed(1)} %)`
  );
}

/** The issue's table (path | PGlite | PostgreSQL) and the correctness checks of one bench. */
export class BenchReport {
  private readonly rows = new Map<string, Partial<Record<DatabaseLabel, string>>>();
  private readonly checks: { name: string; passed: boolean }[] = [];
  private readonly baselines: number[] = [];
  private readonly loadAtStart = loadavg()[0]!;

  /** `rows`: the table's paths in the order to print them; a path nobody measured is left out. */
  constructor(
    private readonly title: string,
    rows: readonly string[],
  ) {
    for (const path of rows) this.rows.set(path, {});
  }

  /** `hello`: the bare server's measurement the cell's share is of. */
  set(path: string, database: DatabaseLabel, cell: string, hello: Measurement) {
    this.rows.set(path, { ...this.rows.get(path), [database]: cell });
    this.baselines.push(hello.requestsPerSec);
  }

  check(name: string, passed: boolean) {
    this.checks.push({ name, passed });
  }

  get passed() {
    return this.checks.every((check) => check.passed);
  }

  /** Markdown, so a run pastes straight into the issue's note. */
  print(notes: string[] = []) {
    const slowest = Math.min(...this.baselines);
    const fastest = Math.max(...this.baselines);
    const lines = [
      '',
      `## ${this.title}`,
      '',
      `${availableParallelism()} cores, load average ${this.loadAtStart.toFixed(1)} at the start ` +
        '(the load generator runs on the same machine). Percentages are of a bare node:http ' +
        `hello world measured just before each figure: ${whole(slowest)}` +
        `${fastest > slowest ? `–${whole(fastest)}` : ''} req/s in this run.`,
      ...notes,
      '',
      '| path | PGlite | PostgreSQL |',
      '|---|---|---|',
      ...[...this.rows]
        .filter(([, cells]) => Object.keys(cells).length > 0)
        .map(
          ([path, cells]) => `| ${path} | ${cells.PGlite ?? '—'} | ${cells.PostgreSQL ?? '—'} |`,
        ),
    ];
    if (this.checks.length > 0) {
      lines.push('', ...this.checks.map((c) => `- ${c.passed ? 'ok' : 'FAILED'}: ${c.name}`));
    }
    console.log(lines.join('\n'));
  }
}
