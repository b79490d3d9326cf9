import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build as bundleWorker } from 'rolldown';
import type { Plugin, Rolldown } from 'vite';
import { PAGE_MODULES } from './src/app/page-modules';

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

const chunksOf = (bundle: Bundle) =>
  Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');

/** The page module a chunk stands for: `home-page` for src/app/routes/home-page.tsx. */
const pageFileOf = (chunk: Chunk) =>
  /\/src\/app\/routes\/([^/]+-pages?)\.tsx$/.exec(
    (chunk.facadeModuleId ?? '').replaceAll('\\', '/'),
  )?.[1];

/**
 * Chunks whose functions nearly all run as soon as they load: the libraries, the entry, the code
 * pages share and each page. V8 compiles a function on its first call, on the main thread, so a
 * cold load compiled React and the page piece by piece between renders; with this hint (V8's
 * explicit compile hints: the comment must open the file) Chromium compiles them while the file
 * streams in, off the main thread (docs/benchmarks.md: a quarter less script on the main thread).
 * Chunks loaded for one action (a form's schemas, the viewer) keep compiling lazily.
 */
const compiledOnLoad = (chunk: Chunk) =>
  chunk.isEntry ||
  chunk.name === 'vendor' ||
  chunk.name === 'pages-common' ||
  pageFileOf(chunk) !== undefined;

export const compileHints: Plugin = {
  name: 'devplay:compile-hints',
  apply: 'build',
  generateBundle: {
    // Last, after Vite has put its own lines at the top of the chunks that import others.
    order: 'post',
    handler(_options, bundle) {
      for (const chunk of chunksOf(bundle)) {
        if (compiledOnLoad(chunk)) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  },
};

/** Where the page copies' links go: before the head's end, as index.html indents it. */
const HEAD_END = '  </head>';

/** A chunk's static imports, and theirs: what runs before its own code can. */
function staticImports(bundle: Bundle, chunk: Chunk, found = new Set<string>()) {
  for (const file of chunk.imports) {
    if (found.has(file)) continue;
    found.add(file);
    const imported = bundle[file];
    if (imported?.type === 'chunk') staticImports(bundle, imported, found);
  }
  return found;
}

/**
 * index.html names the entry and the libraries; a page's own chunks were found only once those
 * had run and the router had matched the address, one round trip and a download later. So each
 * page gets `pages/<name>.html`, index.html naming its chunks too, and the server answers the
 * page's address with it (plugins/web.ts). Low priority: the libraries, which the page's code
 * cannot run without, keep the bandwidth first (docs/benchmarks.md: the home page's first post
 * about 0.2 s sooner on the emulated phone).
 */
export const pagePreloads: Plugin = {
  name: 'devplay:page-preloads',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      const html = bundle['index.html'];
      const chunks = chunksOf(bundle);
      const entry = chunks.find((chunk) => chunk.isEntry);
      const page = html?.type === 'asset' ? String(html.source) : '';
      if (!page.includes(HEAD_END) || !entry)
        return this.error('index.html or its entry is missing');
      const named = new Set([entry.fileName, ...staticImports(bundle, entry)]);
      for (const [name, { file, component }] of Object.entries(PAGE_MODULES)) {
        const chunk = chunks.find((candidate) => pageFileOf(candidate) === file);
        if (!chunk?.exports.includes(component)) {
          return this.error(
            `page ${name}: no chunk of src/app/routes/${file}.tsx exports ${component}`,
          );
        }
        const files = [chunk.fileName, ...staticImports(bundle, chunk)].filter(
          (f) => !named.has(f),
        );
        const links = files
          .map(
            (f) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">\n`,
          )
          .join('');
        this.emitFile({
          type: 'asset',
          fileName: `pages/${name}.html`,
          source: page.replace(HEAD_END, `${links}${HEAD_END}`),
        });
      }
    },
  },
};

const WORKER_ENTRY = path.join(import.meta.dirname, 'src/worker/service-worker.ts');
const OFFLINE_PAGE = path.join(import.meta.dirname, 'public/offline.html');

/**
 * The service worker, `sw.js` (src/worker): built apart from the app, as one classic script,
 * with the build's hashed files written in for it to precache, and a cache name that changes
 * with them (and with the offline page), so each build's worker is a new one the browser installs.
 */
export const serviceWorker: Plugin = {
  name: 'devplay:service-worker',
  apply: 'build',
  generateBundle: {
    order: 'post',
    async handler(_options, bundle) {
      const precache = Object.keys(bundle)
        .filter((file) => /^assets\/[^/]+\.(js|css)$/.test(file))
        .sort()
        .map((file) => `/${file}`);
      const version = createHash('sha256')
        .update(precache.join('\n'))
        .update(readFileSync(OFFLINE_PAGE))
        .digest('hex')
        .slice(0, 16);
      const { output } = await bundleWorker({
        input: WORKER_ENTRY,
        write: false,
        transform: {
          define: {
            __PRECACHE__: JSON.stringify(precache),
            __CACHE_NAME__: JSON.stringify(`devplay-${version}`),
          },
        },
        output: { format: 'iife', minify: true },
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: output[0].code });
    },
  },
};
