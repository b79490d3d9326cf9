/**
 * The access token lives in memory only: a stolen localStorage entry would outlive the tab,
 * while the httpOnly refresh cookie already survives reloads and gets a new token at start-up.
 */
type Listener = () => void;

let token: string | null = null;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  return token;
}

export function setToken(next: string | null): void {
  if (next === token) return;
  token = next;
  for (const listener of listeners) listener();
}

export function clearToken(): void {
  setToken(null);
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
