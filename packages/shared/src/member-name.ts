/** The parts of a member that name them on screen (SPEC §3 User: username, fullName). */
export interface NamedMember {
  username: string;
  fullName?: string | null;
}

/**
 * The name a member goes by in posts, comments, profile headers and menus: the full name they
 * chose, else their username (a full name may be blank or only spaces), so one member never
 * reads differently from one place to the next.
 */
export function displayName({ fullName, username }: NamedMember): string {
  return fullName?.trim() || username;
}

/** The @username shown under the name, the one identifier that never repeats. */
export const handle = (username: string): string => `@${username}`;
