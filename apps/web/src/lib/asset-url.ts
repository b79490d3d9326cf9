export const DEFAULT_AVATAR_URL = '/default-avatar.svg';

const ABSOLUTE_URL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** SPEC §3: relative avatar or image paths are prefixed with the site host. */
export function resolveAssetUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (ABSOLUTE_URL.test(path)) return path;
  return new URL(path.startsWith('/') ? path : `/${path}`, window.location.origin).href;
}

export function avatarUrl(path: string | null | undefined): string {
  return resolveAssetUrl(path) ?? DEFAULT_AVATAR_URL;
}
