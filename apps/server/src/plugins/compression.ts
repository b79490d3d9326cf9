import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/**
 * Below this an answer goes as it is: a single post, a message, a count. Compressing 1–2 KB saves
 * at most a kilobyte and a packet, for the same fixed cost (a zlib context) a larger answer pays.
 */
export const COMPRESS_MIN_BYTES = 2048;

/**
 * Answers up to this size are compressed inline, in one call: the plugin's default on two cores
 * (8 KB) sends a 20-post feed page through a zlib stream, which cost ~20 µs more per answer than
 * the same work done at once (below). A 64 KB answer at brotli quality 1 holds the event loop for
 * about 0.1 ms.
 */
const COMPRESS_INLINE_MAX_BYTES = 65_536;

/**
 * Dynamic JSON is compressed for speed, not for the last percent. CPU per answer and size, JSON of
 * the API's shapes, node:zlib on this 2-core machine (inline | stream):
 *   6 KB feed page:  br q1 20|35 µs 27 %, q2 29|48 µs 27 %, q4 54|79 µs 25 %, gzip 1 23|39 µs, 6 34|54 µs
 *   12 KB feed page: br q1 31|47 µs 24 %, q2 50|67 µs 23 %, q4 98|127 µs 23 %, gzip 1 34|53 µs, 6 116 µs
 *   47 KB:           br q1 94 µs 21 %,    q2 196 µs 20 %,    q4 357 µs 19 %,    gzip 1 181 µs, 6 776 µs
 * Brotli at quality 1 costs a third to a quarter of quality 4 (the plugin's default) for answers
 * 1–2 points of the original larger, and no more than gzip at level 1 while smaller; gzip, for
 * clients without brotli, runs at level 1 for the same reason (level 6 costs 2–4 times more).
 * Registered in the API's scope only: the web app's files are compressed once at build time at
 * full strength instead (plugins/web.ts), uploaded images are compressed already, and the live
 * socket's upgrade never passes through here. Besides JSON, @fastify/compress takes the types
 * mime-db calls compressible (an iCalendar feed), under the same threshold.
 * COMPRESSION=off leaves it to a reverse proxy in front, which then spends that CPU instead.
 */
export default fp(
  async function compressionPlugin(app: FastifyInstance) {
    if (!app.config.compression) return;
    await app.register(compress, {
      globalCompression: true,
      // Request bodies are small forms and JSON: nothing to gain in inflating them, only risk.
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_MIN_BYTES,
      syncThreshold: COMPRESS_INLINE_MAX_BYTES,
      customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
      zlibOptions: { level: 1 },
    });
  },
  { name: 'compression' },
);
