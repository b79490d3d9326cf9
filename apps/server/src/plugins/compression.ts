import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/** Below this an answer goes as it is: compressing would save a few bytes for a zlib call. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * JSON answers of a kilobyte or more leave compressed. Brotli at quality 4 costs about what
 * gzip's default level does (≈0.2 ms for a 15 KB feed page) and comes out ~10 % smaller; its top
 * quality would cost 100 times more per answer.
 * Registered in the API's scope only: the web app's files are compressed once at build time
 * instead (plugins/web.ts), uploaded images are compressed already, and the live socket's
 * upgrade never passes through here. Besides JSON, @fastify/compress takes the types mime-db
 * calls compressible (an iCalendar feed), under the same threshold.
 */
export default fp(
  async function compressionPlugin(app: FastifyInstance) {
    await app.register(compress, {
      globalCompression: true,
      // Request bodies are small forms and JSON: nothing to gain in inflating them, only risk.
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_MIN_BYTES,
      customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
