import autocannon from 'autocannon';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The load: 50 connections, each sending its next request when the answer is in. */
const CONNECTIONS = 50;

export type Measurement = {
  requestsPerSec: number;
  p50: number;
  p99: number;
  /** Failed connections and answers other than 2xx: a figure with these is not a result. */
  failures: number;
};

/**
 * `headers` for every request, or a function that gives each request its own (say, the access
 * token of one member of many, in turn). Fewer `connections` than the 50 show the time a
 * request takes when it does not queue behind 49 others; a steady load below the ceiling is
 * paced.ts's.
 */
export async function measure(
  url: string,
  headers: Record<string, string> | (() => Record<string, string>),
  seconds: number,
  connections = CONNECTIONS,
): Promise<Measurement> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    ...(typeof headers === 'function'
      ? { requests: [{ setupRequest: (request) => ({ ...request, headers: headers() }) }] }
      : { headers }),
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** The ceiling of this machine right now: a bare node:http server answering a constant. */
export async function measureHelloWorld(seconds: number) {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"hello":"world"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await measure(`http://127.0.0.1:${port}/`, {}, seconds);
  } finally {
    server.close();
  }
}

/**
 * `run`, just after the bare server was measured for as long: on a machine whose load changes
 * (others' work, the load generator itself), a share of the ceiling of the moment is the figure
 * that compares across runs.
 */
export async function withBaseline<T>(seconds: number, run: () => Promise<T>) {
  const hello = await measureHelloWorld(seconds);
  return { hello, result: await run() };
}
