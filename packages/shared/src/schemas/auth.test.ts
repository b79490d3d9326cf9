import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  EMAIL_PATTERN,
  emailSchema,
  signInInputSchema,
  signUpInputSchema,
} from '../index';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('sign-up schema (SPEC §5)', () => {
  const valid = {
    email: 'Ada@Example.com',
    username: 'ada',
    password: 'Secret1!x',
    confirm_password: 'Secret1!x',
  };

  it('accepts a valid form and lower-cases the e-mail', () => {
    const parsed = signUpInputSchema.parse(valid);
    expect(parsed.email).toBe('ada@example.com');
  });

  it.each([
    [{ email: '' }, AUTH_MESSAGES.enterEmail],
    [{ email: 'not-an-email' }, AUTH_MESSAGES.incorrectEmail],
    [{ username: '' }, AUTH_MESSAGES.enterUsername],
    [{ username: 'ab' }, AUTH_MESSAGES.usernameMin],
    [{ password: '', confirm_password: '' }, AUTH_MESSAGES.enterPassword],
    [
      { password: 'alllowercase1!', confirm_password: 'alllowercase1!' },
      AUTH_MESSAGES.passwordStrength,
    ],
    [{ password: 'Short1!', confirm_password: 'Short1!' }, AUTH_MESSAGES.passwordStrength],
    [{ confirm_password: '' }, AUTH_MESSAGES.confirmPassword],
    [{ confirm_password: 'Secret1!y' }, AUTH_MESSAGES.passwordsDoNotMatch],
  ])('rejects %o with its message', (patch, message) => {
    expect(firstMessage(signUpInputSchema.safeParse({ ...valid, ...patch }))).toBe(message);
  });
});

describe('sign-in schema (SPEC §5)', () => {
  it('needs a password of at least 5 characters', () => {
    const result = signInInputSchema.safeParse({ email: 'a@b.co', password: '1234' });
    expect(firstMessage(result)).toBe(AUTH_MESSAGES.signInPasswordMin);
  });
  it('needs an e-mail', () => {
    const result = signInInputSchema.safeParse({ email: '', password: '12345' });
    expect(firstMessage(result)).toBe(AUTH_MESSAGES.enterEmail);
  });
});

describe('e-mail under hostile input', () => {
  // Dots after the @ made the old pattern backtrack quadratically: 60,000 of them took seconds.
  const worstCase = (length: number) => `a@${'.'.repeat(length)}@`;

  // How fast: auth.timing.test.ts.
  it('refuses a 60,000-character e-mail as too long', () => {
    const result = emailSchema.safeParse(worstCase(60_000));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      AUTH_MESSAGES.incorrectEmail,
    ]);
    expect(EMAIL_PATTERN.test(worstCase(60_000))).toBe(false);
  });

  it.each(['ada@example.com', 'a.b+c@mail.example.co.uk', 'a@b..c'])('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each(['a@b', 'a@b.', 'a b@c.de', 'a@@b.cd', '@b.cd', 'a@.'])('refuses %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });
});
