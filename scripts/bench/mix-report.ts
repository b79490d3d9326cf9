import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import type { Kind } from './mix-kinds';
import { CLIENTS, VISIT, type KindFigures, type MixRun } from './mix-clients';
import type { MixWorld } from './mix-seed';
import type { Usage } from './mix-usage';
import { latency } from './report';

const whole = (n: number) => Math.round(n).toLocaleString('en-US');
const tenths = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const ms = (n: number) => (n < 10 ? n.toFixed(1) : whole(n));

/** A run's rate as a percentage of the bare server's, measured with the same clients after it. */
export const shareOfBare = (run: MixRun, bare: MixRun) =>
  (run.total.count / run.seconds / (bare.total.count / bare.seconds)) * 100;

/** One line per kind of request, then the totals; the figures of one target. */
export function mixTable(
  title: string,
  run: MixRun,
  bare: MixRun,
  usage: Usage,
  serverLog: string,
  /** autocannon's rate against a bare hello world, the feed bench's measure of the host. */
  hello: number,
) {
  const perSecond = (n: number) => n / run.seconds;
  const barePerSecond = bare.total.count / bare.seconds;
  const row = (name: string, f: KindFigures) =>
    `| ${name} | ${whole(f.count)} | ${whole(perSecond(f.count))} | ${ms(f.p50)} | ${ms(f.p99)} | ${f.refused || ''} |`;
  const lines = [
    '',
    `### ${title}`,
    '',
    `${whole(perSecond(run.total.count))} req/s = ${shareOfBare(run, bare).toFixed(1)} % of bare ` +
      `(${whole(barePerSecond)} req/s answering ${whole(run.meanAnswerBytes)} bytes, the mix's mean), ` +
      `${((100 * perSecond(run.total.count)) / hello).toFixed(1)} % of autocannon's bare hello world ` +
      `(${whole(hello)} req/s), ` +
      `${latency(run.total)}; error answers: ${run.errors}; CPU per request: server ${tenths(usage.serverCpuMs)} ms` +
      (usage.postgresCpuMs === undefined
        ? ', database in the server process; transactions per request: n/a (PGlite).'
        : `, PostgreSQL backends of the run's database ${tenths(usage.postgresCpuMs)} ms; ` +
          `transactions per request: ${tenths(usage.transactions!)}.`),
    '',
    '| request | count | req/s | p50 ms | p99 ms | refused |',
    '|---|--:|--:|--:|--:|--:|',
    ...[...run.byKind].map(([name, figures]) => row(name, figures)),
    row('**total**', run.total),
  ];
  for (const error of run.firstErrors)
    lines.push(
      `- ERROR ${error.status} on ${error.request} (${error.kind}): ${error.body.slice(0, 300)}`,
    );
  if (run.firstErrors.some((error) => error.status >= 500))
    lines.push('', 'Server log:', '```', serverLog.slice(-4_000), '```');
  return lines.join('\n');
}

/** The header of a run: where and when it was measured. */
export const mixHeader = (seconds: number, kinds: readonly Kind[], world: MixWorld) =>
  [
    `## Mix: ${CLIENTS} members at a time, visits of ${VISIT} requests, ${seconds} s after a warm-up`,
    '',
    `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the start; the load ` +
      `generator and other work share the machine. Seeded: ${world.memberIds.length} members, ` +
      `${whole(world.postIds.length)} posts (Zipf-like likes, comments and messages), ` +
      `${world.relations.blocks} members blocking and ${world.relations.mutes} muting a popular one. ` +
      `Weights (%): ${kinds.map((kind) => `${kind.name} ${kind.weight}`).join(', ')}. ` +
      '"refused": the documented refusals (422: publishing cooldown, insufficient funds; 403 and ' +
      '404 between two members where one blocks the other).',
  ].join('\n');

/** A bare node:http server answering a JSON body of `bytes` bytes, for "% of bare". */
export async function bareServer(bytes: number) {
  const filler = Math.max(0, Math.round(bytes) - '{"data":""}'.length);
  const body = JSON.stringify({ data: 'x'.repeat(filler) });
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
