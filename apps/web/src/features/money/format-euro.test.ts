import { afterEach, describe, expect, it, vi } from 'vitest';

const RealNumberFormat = Intl.NumberFormat;

/** Loads the module afresh as if the browser's language were `locale`. */
async function formattersIn(locale: string) {
  vi.resetModules();
  const created: (string | string[] | undefined)[] = [];
  vi.stubGlobal('Intl', {
    ...Intl,
    NumberFormat: function (requested?: string | string[], options?: Intl.NumberFormatOptions) {
      created.push(requested);
      return new RealNumberFormat(requested ?? locale, options);
    },
  });
  return { ...(await import('./format-euro')), created };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Folds the no-break spaces of locale formats, so the expectations stay readable.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatEuro', () => {
  it("uses the reader's own locale, not a fixed one", async () => {
    const { formatEuro, created } = await formattersIn('de-DE');

    expect(plain(formatEuro(1234.5))).toBe('1.234,50 €');
    expect(created).toEqual([undefined]);
  });

  it('writes euros the way an English reader expects', async () => {
    const { formatEuro } = await formattersIn('en-IE');

    expect(formatEuro(12.34)).toBe('€12.34');
    expect(formatEuro(0.1 + 0.2)).toBe('€0.30');
    expect(formatEuro(10_000)).toBe('€10,000.00');
  });
});

describe('formatSignedEuro', () => {
  it('marks money received with + and money sent with -', async () => {
    const { formatSignedEuro } = await formattersIn('de-DE');

    expect(plain(formatSignedEuro(12.34, 'in'))).toBe('+12,34 €');
    expect(plain(formatSignedEuro(12.34, 'out'))).toBe('-12,34 €');
  });

  it('takes the direction from the entry, whatever the sign of the amount', async () => {
    const { formatSignedEuro } = await formattersIn('en-IE');

    expect(formatSignedEuro(-5, 'in')).toBe('+€5.00');
    expect(formatSignedEuro(5, 'out')).toBe('-€5.00');
  });
});
