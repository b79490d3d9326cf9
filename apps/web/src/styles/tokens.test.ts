import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * WCAG 2.2 AA for the colour tokens that are drawn on top of each other: 4.5:1 for text, 3:1 for
 * focus indicators and the edges of controls (1.4.3, 1.4.11). Ratios come from tokens.css itself,
 * so a new shade cannot slip below the bar in either theme.
 */
// Read from disk: the test runner hands CSS imports over empty.
const css = readFileSync(path.join(import.meta.dirname, 'tokens.css'), 'utf8');

type Tokens = Record<string, string>;
type Rgba = [number, number, number, number];

const declarations = (block: string): Tokens =>
  Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]),
  );

const dark = declarations(/^:root\s*{([\s\S]*?)^}/m.exec(css)?.[1] ?? '');
const light = {
  ...dark,
  ...declarations(/:root\[data-theme='light'\]\s*{([\s\S]*?)}/.exec(css)?.[1] ?? ''),
};

function resolve(tokens: Tokens, name: string): string {
  const value = tokens[name];
  if (value === undefined) throw new Error(`no token --${name}`);
  const alias = /^var\(--([\w-]+)\)$/.exec(value);
  return alias ? resolve(tokens, alias[1]!) : value;
}

function parse(value: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16));
    return [r!, g!, b!, 1];
  }
  const rgb = /^rgb\((\d+) (\d+) (\d+) \/ (\d+)%\)$/.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), Number(rgb[4]) / 100];
  throw new Error(`cannot read colour ${value}`);
}

/** A translucent colour as it shows over an opaque one. */
const over = ([r, g, b, a]: Rgba, base: Rgba): Rgba => [
  r * a + base[0] * (1 - a),
  g * a + base[1] * (1 - a),
  b * a + base[2] * (1 - a),
  1,
];

function luminance([r, g, b]: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: Rgba, b: Rgba): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** `name` or `name@base`: a translucent background is measured over the surface it sits on. */
function background(tokens: Tokens, spec: string): Rgba {
  const [name, base = 'color-bg'] = spec.split('@');
  return over(parse(resolve(tokens, name!)), parse(resolve(tokens, base)));
}

const SURFACES = [
  'color-bg',
  'color-bg-elevated',
  'color-surface',
  'color-surface-2',
  'color-surface-hover',
];
const TEXTS = [
  'color-text',
  'color-text-muted',
  'color-text-faint',
  'color-accent',
  'color-danger',
  'color-success',
  'color-warning',
];

const pairs: [fg: string, bg: string, min: number][] = [
  ...TEXTS.flatMap((fg) => SURFACES.map((bg): [string, string, number] => [fg, bg, 4.5])),
  // Tinted backgrounds: the active menu entry, alerts, badges, a chosen option of a group.
  ...['color-surface', 'color-surface-2', 'color-bg'].flatMap(
    (base): [string, string, number][] => [
      ['color-accent', `color-accent-soft@${base}`, 4.5],
      ['color-text', `color-accent-soft@${base}`, 4.5],
      ['color-danger', `color-danger-soft@${base}`, 4.5],
      ['color-success', `color-success-soft@${base}`, 4.5],
      ['color-warning', `color-warning-soft@${base}`, 4.5],
    ],
  ),
  ['color-on-accent', 'color-accent-strong', 4.5],
  ['color-on-accent', 'color-accent-hover', 4.5],
  ...SURFACES.map((bg): [string, string, number] => ['color-focus', bg, 3]),
  ...['color-bg', 'color-surface', 'color-surface-2'].map((bg): [string, string, number] => [
    'color-border-control',
    bg,
    3,
  ]),
];

describe('design tokens meet WCAG AA contrast', () => {
  for (const [theme, tokens] of [
    ['dark', dark],
    ['light', light],
  ] as const) {
    it.each(pairs)(`${theme}: --%s on --%s is at least %s:1`, (fg, bg, min) => {
      const back = background(tokens, bg);
      const front = over(parse(resolve(tokens, fg)), back);
      expect(contrast(front, back)).toBeGreaterThanOrEqual(min);
    });
  }

  it('the focus ring is drawn in the solid focus colour', () => {
    expect(dark['focus-ring']).toContain('var(--color-focus)');
    expect(light['focus-ring']).toBe(dark['focus-ring']);
  });
});
