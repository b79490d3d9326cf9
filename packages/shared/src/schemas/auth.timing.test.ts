import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, emailSchema } from '../index';

describe('e-mail under hostile input, timed', () => {
  // Dots after the @ made the old pattern backtrack quadratically: 60,000 of them took seconds.
  const worstCase = `a@${'.'.repeat(60_000)}@`;

  it('refuses a 60,000-character e-mail in under 50 ms', () => {
    const started = performance.now();
    expect(emailSchema.safeParse(worstCase).success).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('matches in linear time even without the length check', () => {
    const started = performance.now();
    expect(EMAIL_PATTERN.test(worstCase)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
