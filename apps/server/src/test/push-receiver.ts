import { execFile } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, globalAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** What a device received: the payload decrypted, and who signed the request (VAPID). */
export type Delivery = { device: string; payload: unknown; vapidKey: string; subject: string };

/**
 * A self-signed certificate for 127.0.0.1, made by the openssl command line: web-push speaks
 * only https, and node:crypto makes no certificates. The https global agent trusts it while
 * the receiver runs (push is sent without an agent of its own when PUSH_ALLOW_PRIVATE_HOSTS=on).
 */
async function certificate() {
  const dir = await mkdtemp(path.join(tmpdir(), 'devplay-push-'));
  try {
    await promisify(execFile)('openssl', [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
      ...['-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
    ]);
    const [key, cert] = await Promise.all(
      ['key.pem', 'cert.pem'].map((name) => readFile(path.join(dir, name), 'utf8')),
    );
    return { key: key!, cert: cert! };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer | string, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 / RFC 8188 aes128gcm, one record, as a browser decrypts it. */
function decrypt(body: Buffer, device: { ecdh: ECDH; auth: Buffer }) {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const sealed = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    senderKey,
  ]);
  const ikm = hkdf(device.auth, shared, keyInfo, 32);
  const key = hkdf(salt, ikm, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = hkdf(salt, ikm, 'Content-Encoding: nonce\0', 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(sealed.subarray(-16));
  const padded = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zeros.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8')) as unknown;
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, for this origin, unexpired. */
function checkVapid(header: string | undefined, origin: string) {
  const [, token, key] = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '') ?? [];
  if (!token || !key) throw new Error(`no VAPID authorization: ${header}`);
  const [head, claims, signature] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature ?? '', 'base64url'),
  );
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (!signed || aud !== origin || exp * 1000 < Date.now())
    throw new Error(`VAPID token refused (signed ${signed}, aud ${aud})`);
  return { vapidKey: key, subject: sub };
}

/**
 * A push service on 127.0.0.1 (RFC 8030): each device is a path, answering 201 unless the test
 * queued other statuses for it; every request must carry a valid VAPID signature, and each
 * payload is decrypted with the device's private key.
 */
export async function startPushReceiver() {
  const tls = await certificate();
  const devices = new Map<string, { ecdh: ECDH; auth: Buffer; answers: number[] }>();
  const deliveries: Delivery[] = [];
  type Waiter = { device: string; anyStatus: boolean; resolve: (d: Delivery | null) => void };
  let waiters: Waiter[] = [];
  /** Resolves the device's waiters: with the delivery, or null for a request refused. */
  const tell = (device: string, delivery: Delivery | null) => {
    const told = waiters.filter((w) => w.device === device && (delivery || w.anyStatus));
    waiters = waiters.filter((w) => !told.includes(w));
    for (const waiter of told) waiter.resolve(delivery);
  };
  const errors: unknown[] = [];
  let requests = 0;

  const server = createServer(tls, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests++;
      const name = request.url!.replace(/^\/push\//, '');
      const device = devices.get(name);
      const status = device?.answers.shift() ?? (device ? 201 : 404);
      let delivery: Delivery | null = null;
      if (status === 201 && device) {
        try {
          const signer = checkVapid(request.headers.authorization, origin);
          const payload = decrypt(Buffer.concat(chunks), device);
          delivery = { device: name, payload, ...signer };
          deliveries.push(delivery);
        } catch (error) {
          errors.push(error);
          response.writeHead(400).end();
          return tell(name, null);
        }
      }
      response.writeHead(status).end();
      tell(name, delivery);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const trusted = globalAgent.options.ca;
  globalAgent.options.ca = tls.cert;

  return {
    origin,
    deliveries,
    /** Requests answered, whatever the status. */
    requests: () => requests,
    /** Requests refused for a bad signature or payload: a test expects none. */
    errors,
    /** A browser's subscription: a new key pair and secret, at its own path. */
    device(name: string) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth, answers: [] });
      return {
        endpoint: `${origin}/push/${name}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    /** The statuses the device's next pushes are answered with, before 201 again. */
    answer(name: string, ...statuses: number[]) {
      devices.get(name)!.answers.push(...statuses);
    },
    /** The next delivery to `device`, accepted and decrypted. */
    next: (device: string) =>
      new Promise<Delivery>((resolve) =>
        waiters.push({ device, anyStatus: false, resolve: (d) => resolve(d!) }),
      ),
    /** The next request to `device` once answered, whatever the status (null: no delivery). */
    answered: (device: string) =>
      new Promise<Delivery | null>((resolve) => waiters.push({ device, anyStatus: true, resolve })),
    async close() {
      globalAgent.options.ca = trusted;
      globalAgent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
