let notice: string | null = null;

/**
 * Why the server ended the session, where the member must be told (a suspension): the sign-in
 * form shows it until the next sign-in attempt. Kept in memory only, like the session itself.
 */
export function setSignedOutNotice(text: string) {
  notice = text;
}

export const readSignedOutNotice = () => notice;

export function clearSignedOutNotice() {
  notice = null;
}
