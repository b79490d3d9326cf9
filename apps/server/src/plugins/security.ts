import { API_BASE } from '@devplay/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The CSP fits what the app really loads: its own scripts and styles, images from anywhere over
 * https (avatars, news pictures) and from the uploads' bucket (S3_PUBLIC_URL, which may be a
 * plain-http MinIO), YouTube embeds, and its own API and WebSocket.
 */
const documentHelmet = (imageOrigins: string[]) =>
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...imageOrigins],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // YouTube embeds and external news pictures are cross-origin resources without CORP headers.
    crossOriginEmbedderPolicy: false,
  });

/** The headers helmet writes for a document, read once by letting it write them into a record. */
function documentHeaders(imageOrigins: string[]): Record<string, string> {
  const applyDocumentHeaders = documentHelmet(imageOrigins);
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  applyDocumentHeaders(
    {} as Parameters<typeof applyDocumentHeaders>[0],
    recorder as unknown as ServerResponse,
    () => {},
  );
  return headers;
}

/**
 * JSON answers are never rendered, framed or given scripts, so the document-only headers (the CSP
 * above all, ~500 bytes) stay off them; what protects a JSON answer stays on: no sniffing it into
 * something executable, no cross-origin reads of it, HTTPS only.
 */
const API_HEADER_NAMES = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
];

const isApiPath = (url: string) =>
  // The API's documentation is a page.
  url.startsWith(`${API_BASE}/`) && !url.startsWith(`${API_BASE}/docs`);

/** Computed once at start-up: building helmet's middleware per request cost ~20 µs a request. */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const bucket = app.config.s3;
    const forDocuments = documentHeaders(bucket ? [new URL(bucket.publicUrl).origin] : []);
    const forApi = Object.fromEntries(API_HEADER_NAMES.map((name) => [name, forDocuments[name]!]));
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiPath(request.url) ? forApi : forDocuments);
      done();
    });
  },
  { name: 'security' },
);
