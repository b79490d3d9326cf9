import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from './s3-signature';

type StoredObject = { data: Buffer; contentType: string; cacheControl: string | undefined };

const xmlText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const xmlUnescape = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function sendXml(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'content-type': 'application/xml' }).end(XML_HEAD + body);
}

function sendError(response: ServerResponse, status: number, code: string, message: string) {
  sendXml(
    response,
    status,
    `<Error><Code>${code}</Code><Message>${xmlText(message)}</Message></Error>`,
  );
}

async function bodyOf(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export type TestS3Options = {
  bucket?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** ListObjectsV2's page size when the client asks for none (S3: 1000); tests page sooner. */
  pageSize?: number;
};

/**
 * A small S3-compatible server for tests (path-style, objects in memory): PutObject, GetObject,
 * HeadObject, DeleteObject, DeleteObjects and ListObjectsV2. Every request but an anonymous read
 * of an object (the bucket is public, as S3_PUBLIC_URL expects) must carry a valid Signature V4.
 */
export async function startS3Server(options: TestS3Options = {}) {
  const bucket = options.bucket ?? 'devplay-test';
  const credentials = {
    accessKeyId: options.accessKeyId ?? 'test-access-key',
    secretAccessKey: options.secretAccessKey ?? 'test-secret-key',
  };
  const secrets = new Map([[credentials.accessKeyId, credentials.secretAccessKey]]);
  const objects = new Map<string, StoredObject>();
  const faults = { putsLeft: Infinity };

  function listPage(response: ServerResponse, query: URLSearchParams) {
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(Number(query.get('max-keys') ?? options.pageSize ?? 1000), 1000);
    const after = query.get('continuation-token') ?? query.get('start-after') ?? '';
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page.map(
      (key) =>
        `<Contents><Key>${xmlText(key)}</Key><Size>${objects.get(key)!.data.length}</Size></Contents>`,
    );
    sendXml(
      response,
      200,
      `<ListBucketResult><Name>${bucket}</Name><Prefix>${xmlText(prefix)}</Prefix>` +
        `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>` +
        `<IsTruncated>${truncated}</IsTruncated>${contents.join('')}` +
        (truncated
          ? `<NextContinuationToken>${xmlText(page.at(-1)!)}</NextContinuationToken>`
          : '') +
        '</ListBucketResult>',
    );
  }

  function deleteMany(response: ServerResponse, body: Buffer) {
    const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) =>
      xmlUnescape(m[1]!),
    );
    if (keys.length > 1000) {
      return sendError(response, 400, 'MalformedXML', 'At most 1000 keys per request.');
    }
    for (const key of keys) objects.delete(key);
    const deleted = keys.map((key) => `<Deleted><Key>${xmlText(key)}</Key></Deleted>`);
    sendXml(response, 200, `<DeleteResult>${deleted.join('')}</DeleteResult>`);
  }

  function readObject(request: IncomingMessage, response: ServerResponse, key: string) {
    const object = objects.get(key);
    if (!object) return sendError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
    response.writeHead(200, {
      'content-type': object.contentType,
      'content-length': object.data.length,
      ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : object.data);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const body = await bodyOf(request);
    const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?', 2);
    const query = new URLSearchParams(rawQuery);
    const [, bucketName = '', ...rest] = rawPath.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!(isRead && key && !request.headers.authorization)) {
      const refused = verifySignature(request, body, secrets);
      if (refused) return sendError(response, refused.status, refused.code, refused.message);
    }
    if (decodeURIComponent(bucketName) !== bucket) {
      return sendError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist.');
    }
    if (!key) {
      if (request.method === 'GET' && query.get('list-type') === '2') {
        return listPage(response, query);
      }
      if (request.method === 'POST' && query.has('delete')) return deleteMany(response, body);
    } else if (request.method === 'PUT') {
      if (faults.putsLeft <= 0) {
        return sendError(response, 503, 'ServiceUnavailable', 'Please reduce your request rate.');
      }
      faults.putsLeft--;
      objects.set(key, {
        data: body,
        contentType: request.headers['content-type'] ?? 'binary/octet-stream',
        cacheControl: request.headers['cache-control'],
      });
      return response.writeHead(200, { etag: '"0"' }).end();
    } else if (isRead) {
      return readObject(request, response, key);
    } else if (request.method === 'DELETE') {
      objects.delete(key);
      return response.writeHead(204).end();
    }
    sendError(response, 501, 'NotImplemented', 'The test server does not implement this.');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      sendError(response, 500, 'InternalError', String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    bucket,
    credentials,
    objects,
    /** Lets `count` more puts through, then fails every put (503) until `null` heals it. */
    failPutsAfter(count: number | null) {
      faults.putsLeft = count ?? Infinity;
    },
    /** The S3_* settings of a server using this bucket; public URL: its path-style address. */
    env(overrides: Record<string, string> = {}) {
      return {
        S3_ENDPOINT: url,
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        S3_PUBLIC_URL: `${url}/${bucket}`,
        S3_FORCE_PATH_STYLE: 'on',
        ...overrides,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type TestS3 = Awaited<ReturnType<typeof startS3Server>>;
