import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, PAGE_PATTERNS } from '@devplay/shared';
import { BARS } from './quality/bars';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
/** V8's explicit compile hint: all the file's functions are compiled as it streams in. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

describe('the web bundle (DESIGN §7)', () => {
  it(`sends at most ${BARS.initialJsKb} KB of brotli JS before the first page chunk, zod not among it`, async () => {
    const html = await readFile(path.join(dist, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(initial.length).toBeGreaterThan(0);
    let total = 0;
    for (const file of initial) {
      // The server sends the build's own .br file to every browser that accepts brotli; files
      // under 1 KB have none and go as they are.
      const raw = await readFile(path.join(dist, file), 'utf8');
      const brotli = await readFile(path.join(dist, `${file}.br`)).catch(() => null);
      total += brotli?.length ?? Buffer.byteLength(raw);
      expect(raw, file).not.toContain('ZodObject');
    }
    console.log(`initial JS: ${(total / 1024).toFixed(1)} KB brotli in ${initial.length} files`);
    expect(total / 1024).toBeLessThanOrEqual(BARS.initialJsKb);
  });

  it('asks Chromium to compile the libraries, the entry and every page while they download (the hint opens each file)', async () => {
    const html = await readFile(path.join(dist, 'index.html'), 'utf8');
    const assets = await readdir(path.join(dist, 'assets'));
    const entry = /src="\/assets\/(index-[^"]+\.js)"/.exec(html)?.[1];
    const hinted = [
      entry,
      ...['vendor-', 'pages-common-', 'home-page-', 'post-page-', 'welcome-page-'].map((prefix) =>
        assets.find((file) => file.startsWith(prefix) && file.endsWith('.js')),
      ),
    ];
    const lazy = assets.filter((file) => /^(zod|user-search|live-updates)-.*\.js$/.test(file));
    expect(hinted).not.toContain(undefined);
    for (const name of ['zod', 'user-search', 'live-updates'])
      expect(
        lazy.some((file) => file.startsWith(`${name}-`)),
        name,
      ).toBe(true);
    // The start of the first line is enough to tell, and keeps a failure's message short.
    const opening = async (file: string) =>
      (await readFile(path.join(dist, 'assets', file), 'utf8')).slice(0, COMPILE_HINT.length);
    for (const file of hinted) expect(await opening(file!), file).toBe(COMPILE_HINT);
    for (const file of lazy) expect(await opening(file), file).not.toBe(COMPILE_HINT);
  });

  it("gives every page a copy of index.html that also names the page's own chunk", async () => {
    const html = await readFile(path.join(dist, 'index.html'), 'utf8');
    const names = [...Object.keys(PAGE_PATHS), ...Object.keys(PAGE_PATTERNS)];
    for (const name of names) {
      const copy = await readFile(path.join(dist, 'pages', `${name}.html`), 'utf8');
      const preloads = [...copy.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)">/g)].map(
        (m) => m[1]!,
      );
      // Everything index.html has, and more.
      expect(copy.replace(/ *<link rel="modulepreload"[^>]*fetchpriority="low"[^>]*>\n/g, '')).toBe(
        html,
      );
      const own = preloads.filter((href) => !html.includes(href));
      expect(own.length, name).toBeGreaterThan(0);
      for (const href of own) await expect(readFile(path.join(dist, href))).resolves.toBeTruthy();
    }
    const home = await readFile(path.join(dist, 'pages', 'home.html'), 'utf8');
    expect(home).toMatch(/href="\/assets\/home-page-[^"]+\.js"/);
    expect(home).toMatch(/href="\/assets\/pages-common-[^"]+\.js"/);
  });
});
