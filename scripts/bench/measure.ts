import autocannon from 'autocannon';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Measurement = {
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

export async function measure(
  url: string,
  headers: Record<string, string> = {},
  seconds = 10,
): Promise<Measurement> {
  const result = await autocannon({ url, connections: 50, duration: seconds, headers });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** The ceiling of this machine: a bare node:http server answering a constant. */
export async function measureHelloWorld(seconds = 10) {
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
