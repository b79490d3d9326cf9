// zod-jitless first: the schemas are built when this module loads.
import '../../lib/zod-jitless';
import { blockedEmailDomainSchema } from '@devplay/shared';

/**
 * A typed domain as the server would store it, or the schema's words for what is wrong; in a
 * chunk of its own, loaded when the Settings tab opens.
 */
export function checkDomain(text: string): { domain: string } | { error: string } {
  const result = blockedEmailDomainSchema.safeParse(text);
  if (result.success) return { domain: result.data };
  return { error: result.error.issues[0]?.message ?? 'Enter a domain such as example.com' };
}
