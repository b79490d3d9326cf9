import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { API_BASE, pageNameOf, type PageName } from '@devplay/shared';
import { notFound } from '../lib/errors';
import { isStoredName } from '../lib/file-store';

const PRECOMPRESSED_FILES = ['**/*.br', '**/*.gz'];
/**
 * The service worker and the app's manifest keep their names from build to build: caches must ask
 * each time, so a new build's worker is found at once and an installed app sees its new manifest.
 */
const ASKED_EACH_TIME = new Set(['sw.js', 'manifest.webmanifest']);
/** Each page's copy of index.html (`pages/<name>.html`), which also names the page's chunks. */
const PAGE_HTML_DIR = 'pages';

/**
 * With object storage the images are served from S3_PUBLIC_URL; the database keeps
 * `/uploads/<name>` (backups move between stores unchanged), so those addresses, old links
 * included, are sent there. A day of caching: a browser asks again soon if the base moves.
 */
function redirectUploads(app: FastifyInstance, publicUrl: string) {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    if (!isStoredName(name)) throw notFound(`No route GET /uploads/${encodeURIComponent(name)}`);
    return reply
      .header('cache-control', 'public, max-age=86400')
      .redirect(`${publicUrl}/${encodeURIComponent(name)}`, 301);
  });
}

/**
 * Files written under DATA_DIR by the disk store, and only those: a file of any other name put
 * there (by hand, or by an archive of someone else's making) is a 404, never a page or a script
 * of this origin. Every stored name is a WebP image, sent as one and never sniffed as anything else.
 */
async function serveUploads(app: FastifyInstance, uploadsDir: string) {
  await mkdir(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    allowedPath: (pathName) => isStoredName(pathName.slice(1)),
    // An image never changes under its name, but it can be deleted or moderated away: caches
    // keep it and ask each time (a 304 without the body, thanks to ETag and Last-Modified), so
    // a removed image is gone everywhere at once instead of after a max-age.
    cacheControl: false,
    setHeaders: (reply) =>
      reply.header('cache-control', 'public, no-cache').header('x-content-type-options', 'nosniff'),
  });
}

/**
 * Serves uploads and the built SPA from the same process as the API (DESIGN §1): unknown /api
 * paths and missing files are JSON 404s; the app's pages (shared/page-routes.ts) get index.html,
 * and every other page address gets it too with a 404, for the client's "not found" page.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, options: { uploadsDir: string; webDist: string }) {
    const bucket = app.config.s3;
    if (bucket) redirectUploads(app, bucket.publicUrl);
    else await serveUploads(app, options.uploadsDir);

    const hasWeb = existsSync(options.webDist);
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: options.webDist,
        prefix: '/',
        // Routes are made per file at start-up: a rebuilt web app is served after a restart.
        wildcard: false,
        index: false,
        // The build writes `.br` and `.gz` beside each text file (scripts/precompress.ts): a
        // browser that accepts one gets it, with `Vary: Accept-Encoding`. They are not routes.
        preCompressed: true,
        // The pages' copies of index.html are answers to page addresses, not files of their own.
        globIgnore: [...PRECOMPRESSED_FILES, `${PAGE_HTML_DIR}/**`],
        setHeaders(res, filePath) {
          // Vite fingerprints everything under assets/, so it never changes under the same name.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else if (ASKED_EACH_TIME.has(path.basename(filePath).replace(/\.(br|gz)$/, ''))) {
            res.header('cache-control', 'no-cache');
          }
        },
      });
    } else {
      app.log.warn(`web app not built (${options.webDist} missing): run \`npm run build\``);
    }

    // Built with the app; without them (an older build) every page gets index.html, as before.
    const pageHtml = new Set(
      hasWeb && existsSync(path.join(options.webDist, PAGE_HTML_DIR))
        ? readdirSync(path.join(options.webDist, PAGE_HTML_DIR)).filter((f) => f.endsWith('.html'))
        : [],
    );
    const htmlOf = (page: PageName | undefined) =>
      page && pageHtml.has(`${page}.html`) ? `${PAGE_HTML_DIR}/${page}.html` : 'index.html';

    app.setNotFoundHandler((request, reply) => {
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      const isApi = request.url.startsWith(`${API_BASE}/`) || request.url === API_BASE;
      // A missing file or API path is a real 404; only page addresses belong to the client router.
      const isFile = request.url.startsWith('/uploads/') || request.url.startsWith('/assets/');
      if (isApi || isFile || !wantsPage || !hasWeb) {
        throw notFound(`No route ${request.method} ${request.url.split('?')[0]}`);
      }
      // The app names its current scripts: caches must ask each time (send's own header off).
      const page = pageNameOf(request.url);
      return reply
        .status(page ? 200 : 404)
        .header('cache-control', 'no-cache')
        .sendFile(htmlOf(page), options.webDist, { cacheControl: false });
    });
  },
  { name: 'web' },
);
