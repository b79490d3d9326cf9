import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ERROR_CODES,
  type EmailOnlyInput,
  type ResetPasswordInput,
  type SignInInput,
  type SignUpInput,
  type SignUpMode,
  type VerifyInput,
} from '@devplay/shared';
import { api, ApiRequestError } from '../../lib/api-client';
import { endSession, refreshMe, startSession } from '../../lib/session';
import { getToken } from '../../lib/token-store';

/** A public auth call's 401 means bad credentials or a bad code, never a stale token. */
export const publicCall = { refreshOn401: false } as const;

const signUpModeKey = ['signup-mode'] as const;

/**
 * Whether the welcome page offers the sign-up form. Until the answer comes (or if it never does)
 * the form shows: the server refuses a sign-up anyway while they are closed.
 */
export function useSignUpMode() {
  const mode = useQuery({
    queryKey: signUpModeKey,
    queryFn: ({ signal }) => api.call('getSignUpMode', { signal, ...publicCall }),
    staleTime: 60_000,
    retry: false,
  });
  return mode.data?.registrations ?? 'open';
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) => api.call('signUp', { body: input, ...publicCall }),
    // Closed while the page was open: it says so instead of the form from now on.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === ERROR_CODES.registrationsClosed) {
        queryClient.setQueryData<SignUpMode>(signUpModeKey, { registrations: 'closed' });
      }
    },
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.call('signIn', { body: input, ...publicCall }),
    // An account with a second factor gets a ticket for the next step, and no session yet.
    onSuccess: (answer) => {
      if (!('twoFactorRequired' in answer)) startSession(queryClient, answer.token, answer.user);
    },
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
    mutationFn: async () => {
      // While the session still authorizes it: the server forgets this device's pushes.
      await import('../../lib/device-push').then((m) => m.endDevicePushOnSignOut());
      return api.call('signOut', publicCall);
    },
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
