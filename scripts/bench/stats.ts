export function percentile(sortedMs: number[], p: number) {
  if (sortedMs.length === 0) return 0;
  return sortedMs[Math.min(sortedMs.length - 1, Math.floor((p / 100) * sortedMs.length))]!;
}

export type Latency = { p50: number; p99: number; max: number };

export function summarize(latenciesMs: number[]): Latency {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}
