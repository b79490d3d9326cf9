import { Agent, request } from 'node:http';

/**
 * Requests with a JSON body over kept-alive connections, for the benches that wait on each answer.
 * The load generator shares the machine's two cores with the server and the database: `fetch`
 * (undici) spent as much CPU per request as the server did, which the server's figures then paid
 * for. `node:http` with a kept-alive agent costs a fraction of it.
 */
export function createPoster(baseUrl: string, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const base = new URL(baseUrl);

  function send(method: string, path: string, token: string, body?: unknown) {
    const payload = body === undefined ? '' : JSON.stringify(body);
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          path,
          method,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            'content-length': Buffer.byteLength(payload),
            'access-token': token,
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  return {
    send,
    post: (path: string, token: string, body: unknown) => send('POST', path, token, body),
    close: () => agent.destroy(),
  };
}
