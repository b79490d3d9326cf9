import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Measurement } from './measure';
import { summarize } from './stats';

/**
 * An open-loop load: requests arrive at random (a Poisson process of `rate` a second, as many
 * members each acting on their own would send them), each on a kept-alive connection that is
 * free at that moment, a new one if none is. autocannon's `overallRate` is no such load: each
 * connection sends its share of a second back to back, then waits for the next second, so its
 * latency is that of a burst queueing behind itself. No request waits for another's answer, so a
 * latency counted from the send is the server's (and the network's) alone; the timer's own lag on
 * a busy host is not charged to the server.
 */
export async function measurePaced(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  rate: number,
): Promise<Measurement> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  const send = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      const done = (ok: boolean) => {
        if (ok) latencies.push(performance.now() - sent);
        else failures++;
        resolve();
      };
      request(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => done((response.statusCode ?? 0) < 300));
        response.on('error', () => done(false));
      })
        .on('error', () => done(false))
        .end();
    });
  const started = performance.now();
  const end = started + seconds * 1000;
  let due = started;
  while (true) {
    due += (-Math.log(1 - Math.random()) / rate) * 1000;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(send());
  }
  await Promise.all(pending);
  agent.destroy();
  const { p50, p99 } = summarize(latencies);
  return { requestsPerSec: Math.round(latencies.length / seconds), p50, p99, failures };
}
