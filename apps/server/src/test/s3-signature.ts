import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Why a request's signature was refused, in S3's own error codes. */
export type SignatureFault = { status: number; code: string; message: string };

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 escaping, as SigV4 wants it in the canonical query (encodeURIComponent spares !'()*). */
const escape = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function canonicalQuery(query: string) {
  const pairs = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [key = '', value = ''] = pair.split('=', 2);
      const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
      return [escape(decode(key)), escape(decode(value))] as const;
    });
  pairs.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  return pairs.map(([key, value]) => `${key}=${value}`).join('&');
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

const fault = (status: number, code: string, message: string): SignatureFault => ({
  status,
  code,
  message,
});

/**
 * Checks an AWS Signature V4 (header form) the way S3 does: recomputes it from the request and
 * the secret of the key it names, and the payload's digest from the body that arrived.
 */
export function verifySignature(
  request: IncomingMessage,
  body: Buffer,
  secrets: ReadonlyMap<string, string>,
): SignatureFault | null {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
  if (!match) return fault(403, 'AccessDenied', 'Access Denied');
  const [, keyId = '', day = '', region = '', signedHeaders = '', signature = ''] = match;
  const secret = secrets.get(keyId);
  if (secret === undefined) {
    return fault(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist.');
  }
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
    return fault(400, 'XAmzContentSHA256Mismatch', 'The provided payload hash does not match.');
  }
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const names = signedHeaders.split(';');
  if (!amzDate.startsWith(day) || !names.includes('host')) {
    return fault(403, 'AccessDenied', 'The request is not signed with its date and host.');
  }
  const [rawPath = '/', query = ''] = (request.url ?? '/').split('?', 2);
  const headers = names.map((name) => {
    const value = request.headers[name];
    const text = Array.isArray(value) ? value.join(',') : (value ?? '');
    return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
  });
  const canonical = [
    request.method,
    rawPath,
    canonicalQuery(query),
    headers.join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key: Buffer = hmac(`AWS4${secret}`, day);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  const expected = hmac(key, toSign);
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    return fault(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  return null;
}
