import { Agent, request, type IncomingHttpHeaders } from 'node:http';

/**
 * Requests with a JSON body over kept-alive connections, for the benches that wait on each answer.
 * The load generator shares the machine's two cores with the server and the database: `fetch`
 * (undici) spent as much CPU per request as the server did, which the server's figures then paid
 * for. `node:http` with a kept-alive agent costs a fraction of it.
 */
type Answer = { status: number; body: string; headers: IncomingHttpHeaders };

export function createPoster(baseUrl: string, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const base = new URL(baseUrl);

  /** `headers`: more request headers (say, If-None-Match). */
  function send(
    method: string,
    path: string,
    token: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const payload = body === undefined ? '' : JSON.stringify(body);
    return new Promise<Answer>((resolve, reject) => {
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
            ...headers,
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }),
          );
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
