let euro: Intl.NumberFormat | undefined;

/** A balance in euro, in the reader's own locale (features keep their own formatters). */
export function formatEuro(amount: number): string {
  euro ??= new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' });
  return euro.format(amount);
}
