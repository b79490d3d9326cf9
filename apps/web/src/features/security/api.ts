import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasswordAndCodeInput, Session } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { refreshMe } from '../../lib/session';

/**
 * Reads the member again: after a factor changes only the server knows their new `security`
 * (codes left). A change's answer waits for it, so the card never shows the old state.
 */
function useRefreshMe() {
  const queryClient = useQueryClient();
  return () => refreshMe(queryClient);
}

/** POST /me/2fa/totp/setup: a new secret, not in force until a code from it is confirmed. */
export function useSetupTotp() {
  const onError = useRefreshMe();
  // Refused as already on (turned on in another tab): the card catches up with the server.
  return useMutation({ mutationFn: () => api.call('setupTotp'), onError });
}

/** POST /me/2fa/totp/enable: on with the app's first code; answers the recovery codes once. */
export function useEnableTotp() {
  const onSuccess = useRefreshMe();
  return useMutation({
    mutationFn: (code: string) => api.call('enableTotp', { body: { code } }),
    onSuccess,
  });
}

/** DELETE /me/2fa/totp with the password and a current code. */
export function useDisableTotp() {
  const onSuccess = useRefreshMe();
  return useMutation({
    mutationFn: (input: PasswordAndCodeInput) => api.call('disableTotp', { body: input }),
    onSuccess,
  });
}

/** POST /me/recovery-codes: ten new codes; the old ones stop working. */
export function useRenewRecoveryCodes() {
  const onSuccess = useRefreshMe();
  return useMutation({
    mutationFn: (input: PasswordAndCodeInput) => api.call('renewRecoveryCodes', { body: input }),
    onSuccess,
  });
}

const devicesKey = ['security', 'devices'] as const;

/** GET /me/sessions: the browsers signed in to this account, this one marked `current`. */
export function useDevices() {
  return useQuery({
    queryKey: devicesKey,
    queryFn: ({ signal }) => api.call('listSessions', { signal }),
  });
}

/** Whom a sign-out ends: one device, or every device but this one. */
export type DeviceTarget = Session | 'others';

/**
 * DELETE /me/sessions/:sessionId or /me/sessions. The list is read again whatever the answer, a refusal
 * included: a device found gone (ended elsewhere, or expired) leaves it too. The answer waits for
 * the new list, so the card never shows a message beside the old one.
 */
export function useSignOutDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: DeviceTarget) =>
      target === 'others'
        ? api.call('endOtherSessions')
        : api.call('endSession', { params: { sessionId: target.id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
