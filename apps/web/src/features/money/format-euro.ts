// One formatter per tab: building an Intl.NumberFormat is far slower than using one.
let euro: Intl.NumberFormat | undefined;
let signedEuro: Intl.NumberFormat | undefined;

/** SPEC §9 "balance in euro", in the reader's own locale: 1.234,50 € in Berlin, €1,234.50 in Dublin. */
export function formatEuro(amount: number): string {
  euro ??= new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' });
  return euro.format(amount);
}

/**
 * A history amount with its direction as a sign (+12.34 € received, -12.34 € sent). The locale
 * places the sign, so it lands where readers of that locale expect it.
 */
export function formatSignedEuro(amount: number, direction: 'in' | 'out'): string {
  signedEuro ??= new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency: 'EUR',
    signDisplay: 'always',
  });
  const magnitude = Math.abs(amount);
  return signedEuro.format(direction === 'in' ? magnitude : -magnitude);
}
