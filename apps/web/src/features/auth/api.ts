import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EmailOnlyInput,
  MessageResponse,
  ResetPasswordInput,
  SignInInput,
  SignInResponse,
  SignUpInput,
  VerifyInput,
} from '@devplay/shared';
import { api } from '../../lib/api-client';
import { endSession, refreshMe, startSession } from '../../lib/session';
import { getToken } from '../../lib/token-store';

const publicCall = { refreshOn401: false } as const;

export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) => api.post<MessageResponse>('/signup', input, publicCall),
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.post<SignInResponse>('/signin', input, publicCall),
    onSuccess: ({ token, user }) => startSession(queryClient, token, user),
  });
}

export function useVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerifyInput) => api.post<MessageResponse>('/verify', input, publicCall),
    // Waiting for the fresh profile lets the redirect to / see isVerified already true.
    onSuccess: () => (getToken() ? refreshMe(queryClient) : undefined),
  });
}

export function useResendCode() {
  return useMutation({
    mutationFn: (input: EmailOnlyInput) =>
      api.post<MessageResponse>('/resend-code', input, publicCall),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: EmailOnlyInput) =>
      api.post<MessageResponse>('/forgot-password', input, publicCall),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api.post<MessageResponse>('/reset-password', input, publicCall),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MessageResponse>('/logout', undefined, publicCall),
    // Signing out locally must not depend on the server answering.
    onSettled: () => endSession(queryClient),
  });
}
