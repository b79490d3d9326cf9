/**
 * Whether an address's domain is one of `blocked` or lies under one of them: `example.com`
 * blocks `a@example.com` and `a@mail.example.com`, never `a@notexample.com`. Both sides are
 * lower-case already (the e-mail schema and the settings store them so); the domain is what
 * follows the address's one `@`.
 */
export function emailDomainBlocked(email: string, blocked: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return blocked.some((entry) => domain === entry || domain.endsWith(`.${entry}`));
}

/** An admin's list as stored: each domain once, sorted (they arrive trimmed and lower-cased). */
export const normalizedDomains = (domains: readonly string[]) => [...new Set(domains)].sort();
