import { describe, expect, it } from 'vitest';
import { NOUNS, nounFor } from './count-noun';

describe('counted nouns', () => {
  it('is singular for exactly one', () => {
    expect(nounFor(1, NOUNS.subscribers)).toBe('Subscriber');
    expect(nounFor(1, NOUNS.subscriptions)).toBe('Subscription');
    expect(nounFor(1, NOUNS.posts)).toBe('Post');
  });

  it('is plural for none and for more than one', () => {
    expect(nounFor(0, NOUNS.subscribers)).toBe('Subscribers');
    expect(nounFor(2, NOUNS.subscriptions)).toBe('Subscriptions');
    expect(nounFor(12, NOUNS.posts)).toBe('Posts');
  });
});
