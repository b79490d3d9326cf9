import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Text files worth compressing; images and fonts of the build are compressed already. */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml|map)$/i;
/** Below this a compressed copy saves less than a packet's worth. */
export const PRECOMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type Precompressed = { file: string; bytes: number; br?: number; gz?: number };

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` (brotli, top quality) and `<file>.gz` (gzip level 9) beside every
 * compressible file of the built web app: done once at build time, the server sends them as they
 * are (`preCompressed`), so first loads get the smallest bytes at no CPU cost per request. A copy
 * that would not be smaller is not written.
 */
export async function precompress(folder: string): Promise<Precompressed[]> {
  const files = (await filesUnder(folder)).filter((file) => COMPRESSIBLE.test(file));
  const results = await Promise.all(
    files.map(async (file): Promise<Precompressed | null> => {
      const data = await readFile(file);
      if (data.length < PRECOMPRESS_MIN_BYTES) return null;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const result: Precompressed = { file: path.relative(folder, file), bytes: data.length };
      if (br.length < data.length) {
        await writeFile(`${file}.br`, br);
        result.br = br.length;
      }
      if (gz.length < data.length) {
        await writeFile(`${file}.gz`, gz);
        result.gz = gz.length;
      }
      return result;
    }),
  );
  return results.filter((result): result is Precompressed => result !== null);
}

const kb = (sizes: (number | undefined)[]) =>
  Math.round(sizes.reduce<number>((total, size) => total + (size ?? 0), 0) / 1024);

// `tsx scripts/precompress.ts <folder>`: apps/web's build runs it after `vite build`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const folder = path.resolve(process.argv[2] ?? 'dist');
  const files = await precompress(folder);
  console.log(
    `precompressed ${files.length} files in ${folder}: ${kb(files.map((f) => f.bytes))} KB, ` +
      `${kb(files.map((f) => f.br))} KB as brotli, ${kb(files.map((f) => f.gz))} KB as gzip`,
  );
}
