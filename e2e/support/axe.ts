import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export type AxeViolation = { id: string; impact: string | null; nodes: string[] };

/**
 * Resolves once every animation and transition that ends has ended (a card fading in, a theme's
 * colours changing); spinners and skeletons loop and are left to run. axe measures contrast
 * with the opacity of the moment, so text halfway through a fade-in reads as too faint.
 */
async function settledLook(page: Page) {
  await page.evaluate(async () => {
    // A change of theme starts its transitions at the next style pass, and what they set off
    // (a re-render, a class) may start more a frame later: wait a frame, make the pass happen,
    // wait for what runs, and again until a pass starts nothing.
    for (let pass = 0; pass < 20; pass++) {
      await new Promise(requestAnimationFrame);
      document.documentElement.getBoundingClientRect();
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        );
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/**
 * axe-core's WCAG 2.2 A/AA rules and its best practices on the page as it is now. The page's
 * context must be created with `bypassCSP` so the script can be injected.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await settledLook(page);
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } })
      .axe;
    type AxeResults = {
      violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
    };
    const results = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
    }));
  });
}
