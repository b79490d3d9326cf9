/**
 * SPEC §9 "balance in euro", written as the product's English texts write money: €1,234.50,
 * +€12.34 received, -€12.34 sent. Built by hand, like the dates (format-date-time.ts), because a
 * page's first Intl formatter loads ICU's data: 40-70 ms of main thread on a desktop, four times
 * that on a phone, paid by every signed-in page in the render that draws the header's balance.
 */
export function formatEuro(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const text = `€${whole}.${String(cents % 100).padStart(2, '0')}`;
  return amount < 0 && cents > 0 ? `-${text}` : text;
}

/** A history amount with its direction as its sign, whatever the sign of `amount`. */
export const formatSignedEuro = (amount: number, direction: 'in' | 'out') =>
  `${direction === 'in' ? '+' : '-'}${formatEuro(Math.abs(amount))}`;
