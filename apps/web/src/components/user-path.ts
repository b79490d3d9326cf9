/** Where a member's profile lives; /user/<me> itself redirects to /profile. */
export const userPath = (username: string) => `/user/${encodeURIComponent(username)}`;
