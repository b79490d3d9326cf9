/** Why a checkout needs a build before `npm start`, or null when its build is up to date. */
export function buildNeed(root: string): { missing: true } | { newer: string } | null;
