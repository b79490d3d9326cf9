import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondStepInput } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { startSession } from '../../lib/session';
import { publicCall } from './api';

// Apart from api.ts, which the welcome page loads first: only the second step's chunk needs it.

/** POST /signin/2fa: the ticket and a code; answers a session as POST /signin does. */
export function useSignInSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecondStepInput) =>
      api.call('signInSecondStep', { body: input, ...publicCall }),
    onSuccess: ({ token, user }) => startSession(queryClient, token, user),
  });
}
