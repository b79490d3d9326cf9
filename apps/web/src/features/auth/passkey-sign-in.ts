import { useEffect, useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { startSession } from '../../lib/session';
import { useAfterFirstIdle } from '../../lib/use-after-first-idle';
import { useLatest } from '../../lib/use-latest';
import {
  browserOffersPasskeyAutofill,
  cancelPasskeyRequest,
  signWithPasskey,
} from '../../lib/webauthn';
import { publicCall } from './api';

/** POST /signin/passkey/options: with `email`, the browser offers that account's passkeys only. */
const optionsFor = (email?: string) =>
  api.call('passkeySignInOptions', { body: email ? { email } : {}, ...publicCall });

/** POST /signin/passkey with the browser's signature: a session, with no second step. */
async function finishSignIn(queryClient: QueryClient, response: PasskeyAnswer): Promise<Me> {
  const { token, user } = await api.call('signInWithPasskey', {
    body: { response },
    ...publicCall,
  });
  startSession(queryClient, token, user);
  return user;
}
type PasskeyAnswer = Awaited<ReturnType<typeof signWithPasskey>>;

/** "Sign in with a passkey" and "Use a passkey instead": the browser's own passkey dialog. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email?: string) =>
      finishSignIn(queryClient, await signWithPasskey(await optionsFor(email))),
  });
}

interface AutofillHandlers {
  onSignedIn: (user: Me) => void;
  onFailed: (error: unknown) => void;
}

/**
 * While `enabled`, the browser lists this site's passkeys among the e-mail input's suggestions
 * (conditional mediation), asked quietly once the page is idle. A passkey dialog opened meanwhile
 * replaces the quiet request; leaving the form stops it. After a failure it is asked again, so
 * the member may pick another passkey.
 */
export function usePasskeyAutofill(enabled: boolean, handlers: AutofillHandlers) {
  const queryClient = useQueryClient();
  const afterFirstIdle = useAfterFirstIdle();
  const latest = useLatest(handlers);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!enabled || !afterFirstIdle) return;
    let live = true;
    void (async () => {
      if (!(await browserOffersPasskeyAutofill()) || !live) return;
      // Only a passkey the member picked is worth a word: a refused request for options or a
      // request stopped by the browser leaves the input as it was, without asking again.
      const response = await optionsFor()
        .then((options) => signWithPasskey(options, { autofill: true }))
        .catch(() => null);
      if (!response || !live) return;
      try {
        latest.current.onSignedIn(await finishSignIn(queryClient, response));
      } catch (error) {
        if (!live) return;
        latest.current.onFailed(error);
        setRound((n) => n + 1);
      }
    })();
    return () => {
      live = false;
      void cancelPasskeyRequest();
    };
  }, [enabled, afterFirstIdle, round, queryClient, latest]);

  /** Asks the browser quietly again, after a passkey dialog ended without a session. */
  return () => setRound((n) => n + 1);
}
