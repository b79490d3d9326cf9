import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  EmailOnlyInput,
  Me,
  MessageResponse,
  ResetPasswordInput,
  SignInInput,
  SignInResponse,
  SignUpInput,
  VerifyInput,
} from '@devplay/shared';
import { api, expireSession, onSessionExpired, refreshAccessToken } from '../../lib/api-client';
import { clearToken, getToken, setToken } from '../../lib/token-store';
import { useAccessToken } from '../../lib/use-access-token';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

const publicCall = { refreshOn401: false } as const;

export const fetchMe = () => api.get<Me>('/me');

/** The signed-in member; `null` once the session is known to be gone. */
export function useMe() {
  const token = useAccessToken();
  return useQuery({
    queryKey: authKeys.me(),
    queryFn: fetchMe,
    enabled: token !== null,
    staleTime: 60_000,
  });
}

export function useSession() {
  const token = useAccessToken();
  const me = useMe();
  const isSignedIn = token !== null;
  return {
    isSignedIn,
    me: isSignedIn ? (me.data ?? null) : null,
    isLoading: isSignedIn && me.isPending,
    isError: isSignedIn && me.isError,
  };
}

/** Drops the cached profile whenever the api client gives up on the session. */
export function bindSessionToQueryClient(queryClient: QueryClient): () => void {
  return onSessionExpired(() => {
    queryClient.setQueryData(authKeys.me(), null);
  });
}

let bootstrap: Promise<void> | null = null;

/**
 * SPEC §4 app start: one refresh attempt before auth-dependent routes render. Success loads
 * the profile too, so guards can decide at once; failure leaves the visitor signed out quietly.
 */
export function bootstrapSession(queryClient: QueryClient): Promise<void> {
  bootstrap ??= (async () => {
    const token = await refreshAccessToken();
    if (!token) {
      expireSession();
      return;
    }
    try {
      await queryClient.fetchQuery({ queryKey: authKeys.me(), queryFn: fetchMe });
    } catch {
      // A failing /me already expired the session inside the api client when it was a 401;
      // anything else is retried by the query when a screen needs it.
    }
  })();
  return bootstrap;
}

export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) => api.post<MessageResponse>('/signup', input, publicCall),
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.post<SignInResponse>('/signin', input, publicCall),
    onSuccess: ({ token, user }) => {
      queryClient.setQueryData(authKeys.me(), user);
      setToken(token);
    },
  });
}

export function useVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerifyInput) => api.post<MessageResponse>('/verify', input, publicCall),
    // Waiting for the fresh profile lets the redirect to / see isVerified already true.
    onSuccess: () =>
      getToken() ? queryClient.invalidateQueries({ queryKey: authKeys.me() }) : undefined,
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
    onSettled: () => {
      clearToken();
      queryClient.clear();
    },
  });
}
