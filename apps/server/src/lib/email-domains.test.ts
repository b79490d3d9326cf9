import { describe, expect, it } from 'vitest';
import { emailDomainBlocked, normalizedDomains } from './email-domains';

describe('emailDomainBlocked', () => {
  const blocked = ['example.com', 'spam.co.uk'];

  it.each(['a@example.com', 'a@mail.example.com', 'a@deep.mail.example.com', 'a@eu.spam.co.uk'])(
    'blocks %s: the domain or one under it',
    (email) => {
      expect(emailDomainBlocked(email, blocked)).toBe(true);
    },
  );

  it.each([
    'a@notexample.com',
    'a@example.com.evil.org',
    'a@example.co',
    'a@xample.com',
    'example.com@other.org',
    'a@co.uk',
  ])('lets %s through: only whole labels at the end match', (email) => {
    expect(emailDomainBlocked(email, blocked)).toBe(false);
  });

  it('blocks nothing with an empty list', () => {
    expect(emailDomainBlocked('a@example.com', [])).toBe(false);
  });
});

describe('normalizedDomains', () => {
  it('keeps each domain once, sorted', () => {
    expect(normalizedDomains(['b.com', 'a.com', 'b.com'])).toEqual(['a.com', 'b.com']);
  });
});
