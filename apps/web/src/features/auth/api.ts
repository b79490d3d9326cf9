import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailOnlyInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  VerifyInput,
} from '@devplay/shared';
import { api } from '../../lib/api-client';
import { endSession, refreshMe, startSession } from '../../lib/session';
import { getToken } from '../../lib/token-store';

const publicCall = { refreshOn401: false } as const;

export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) => api.call('signUp', { body: input, ...publicCall }),
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.call('signIn', { body: input, ...publicCall }),
    onSuccess: ({ token, user }) => startSession(queryClient, token, user),
  });
}

export function useVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerifyInput) => api.call('verifyEmail', { body: input, ...publicCall }),
    // Waiting for the fresh profile lets the redirect to / see isVerified already true.
    onSuccess: () => (getToken() ? refreshMe(queryClient) : undefined),
  });
}

export function useResendCode() {
  return useMutation({
    mutationFn: (input: EmailOnlyInput) => api.call('resendCode', { body: input, ...publicCall }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: EmailOnlyInput) =>
      api.call('forgotPassword', { body: input, ...publicCall }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api.call('resetPassword', { body: input, ...publicCall }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('signOut', publicCall),
    // Signing out locally must not depend on the server answering.
    onSettled: () => endSession(queryClient),
  });
}

/**
 * Whether this server prints mail to its terminal instead of sending it (no SMTP_URL), so the
 * confirm page can say where the code went. A server setting: read once per visit.
 */
export function useMailPrinted() {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: () => api.call('getHealth', publicCall),
    staleTime: Infinity,
    retry: false,
  });
  return health.data?.mail === 'log';
}
