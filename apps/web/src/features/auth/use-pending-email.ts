import { useState } from 'react';
import { useSession } from '../../lib/session';
import { readStoredEmail } from '../../lib/stored-email';

/**
 * The address waiting for its code: a signed-in member's own when not yet confirmed (the shell
 * sends them here), else the one remembered at sign-up or sign-in (SPEC §4); `null` when the
 * visitor has to type it.
 */
export function usePendingEmail(): string | null {
  const { me } = useSession();
  const [stored] = useState(() => readStoredEmail('verification'));
  if (me && !me.isVerified) return me.email;
  return stored;
}
