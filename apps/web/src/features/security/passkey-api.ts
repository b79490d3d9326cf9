import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RemovePasskeyInput } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { refreshMe } from '../../lib/session';
import { createPasskey } from '../../lib/webauthn';

const passkeysKey = ['security', 'passkeys'] as const;

/** GET /passkeys: the member's passkeys, oldest first. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: ({ signal }) => api.call('listPasskeys', { signal }),
  });
}

/**
 * A change to the list: the list is read again, and the member with it (Me counts the passkeys).
 * The answer waits for both, so the card never shows a message beside the old list.
 */
function useReadAgain() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: passkeysKey }), refreshMe(queryClient)]);
}

/**
 * POST /passkeys/register/options, the browser makes the passkey (its own dialog), then
 * POST /passkeys/register with the name the member gave it.
 */
export function useAddPasskey() {
  const onSettled = useReadAgain();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await api.call('passkeyRegistrationOptions');
      const response = await createPasskey(options);
      return api.call('registerPasskey', { body: { response, name } });
    },
    onSettled,
  });
}

/** PATCH /passkeys/:passkeyId with a new name. */
export function useRenamePasskey() {
  const onSettled = useReadAgain();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.call('renamePasskey', { params: { passkeyId: id }, body: { name } }),
    onSettled,
  });
}

/** DELETE /passkeys/:passkeyId with the password, and a code when the server asks for one. */
export function useRemovePasskey() {
  const onSettled = useReadAgain();
  return useMutation({
    mutationFn: ({ id, ...proof }: RemovePasskeyInput & { id: number }) =>
      api.call('removePasskey', { params: { passkeyId: id }, body: proof }),
    onSettled,
  });
}
