import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from './token-store';

/** The in-memory access token as React state: a session exists while it is set. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, getToken);
}
