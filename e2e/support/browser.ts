import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const hasBrowser = existsSync(chromePath);

/** DESIGN §6: without a browser the journeys are skipped loudly, except in CI where that fails. */
export function requireBrowserOrSkip(): boolean {
  if (hasBrowser) return true;
  if (process.env.CI === 'true') throw new Error(`CI=true but no Chromium at ${chromePath}`);
  console.warn(
    `\n!!! End-to-end tests SKIPPED: no Chromium at ${chromePath} (set CHROME_PATH) !!!\n`,
  );
  return false;
}

export const BROWSER_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, args: BROWSER_FLAGS });
}

export type Viewport = { width: number; height: number };

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/**
 * Screenshots are for people to look at after a run; they are not committed. A CI run's clone is
 * thrown away with them, so there they are not taken (about a hundred full pages a run).
 */
export async function screenshot(page: Page, name: string) {
  if (process.env.CI === 'true') return;
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * The system's scheme switched, as a member's phone does at dusk, and the app's answer to it: the
 * page follows through a change listener (lib/theme.ts), so its look is judged only once
 * `data-theme` says it has followed, not when the browser has merely been told.
 */
export async function switchScheme(
  page: Page,
  scheme: 'light' | 'dark',
  reducedMotion?: 'reduce' | 'no-preference',
) {
  await page.emulateMedia({ colorScheme: scheme, ...(reducedMotion && { reducedMotion }) });
  await page.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, scheme);
}
