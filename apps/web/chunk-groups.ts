import type { Rolldown } from 'vite';

type Context = Rolldown.ChunkingContext;

/** The app's code and texts, and the icons; the schemas (zod) are left out. */
const isPageCode = (id: string) =>
  /apps[\\/]web[\\/]src[\\/]|packages[\\/]shared[\\/]src[\\/].*texts|lucide-react/.test(id) &&
  !/schema|resolver|form-rules|zod/.test(id);

const FORM_LIBRARY = /node_modules[\\/]react-hook-form[\\/]/;

/** A page's own module, which the router loads (src/app/page-modules.ts). */
const PAGE_FILE = /[\\/]src[\\/]app[\\/]routes[\\/][^\\/]+-pages?\.tsx$/;

/** The modules `start` leads to along `next`: its static imports, or its static importers. */
function walk(start: string, next: (id: string) => string[], stopAt: (id: string) => boolean) {
  const seen = new Set([start]);
  const left = [start];
  for (let id = left.pop(); id !== undefined; id = left.pop()) {
    if (id !== start && stopAt(id)) continue;
    for (const other of next(id)) {
      if (seen.has(other)) continue;
      seen.add(other);
      left.push(other);
    }
  }
  return seen;
}

/** Per chunking pass: what is known of each module. */
const known = new WeakMap<Context, Map<string, { usesForms: boolean; pages: number }>>();

function facts(id: string, ctx: Context) {
  let found = known.get(ctx);
  if (!found) known.set(ctx, (found = new Map()));
  let fact = found.get(id);
  if (!fact) {
    const info = (of: string) => ctx.getModuleInfo(of);
    const imports = walk(
      id,
      (of) => info(of)?.importedIds ?? [],
      () => false,
    );
    const importers = walk(
      id,
      (of) => info(of)?.importers ?? [],
      (of) => PAGE_FILE.test(of),
    );
    fact = {
      usesForms: [...imports].some((of) => FORM_LIBRARY.test(of)),
      pages: [...importers].filter((of) => PAGE_FILE.test(of)).length,
    };
    found.set(id, fact);
  }
  return fact;
}

/**
 * Code two pages share on their first screen (their modules' static imports), in two files;
 * code only loaded on demand (a dialog, a form opened on a click) is left to files of its own,
 * so a page does not download it with its first screen. A group takes the modules its captured
 * ones import too, so a form in the common file would bring the form library to every page: the
 * forms two pages show and react-hook-form travel in `forms`, which the pages without a form on
 * their first screen (the home page, whose composer loads on demand) do not download.
 */
export const pageGroups = [
  {
    name: (id: string, ctx: Context) => {
      const { usesForms, pages } = facts(id, ctx);
      return isPageCode(id) && !usesForms && pages >= 2 ? 'pages-common' : null;
    },
    priority: 2,
  },
  {
    name: (id: string, ctx: Context) => {
      const { usesForms, pages } = facts(id, ctx);
      return (isPageCode(id) || FORM_LIBRARY.test(id)) && usesForms && pages >= 2 ? 'forms' : null;
    },
    priority: 1,
  },
];
