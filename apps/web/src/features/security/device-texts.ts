import type { Session } from '@devplay/shared';

/** The Signed-in devices card's own words; the server's messages live in SESSION_MESSAGES. */
export const DEVICE_TEXTS = {
  title: 'Signed-in devices',
  lead: 'Where your account is signed in now. Sign out of any device you do not know or no longer use.',
  /** "Firefox 133 on Windows 10": how a row, its button and its question name a device. */
  name: (session: Pick<Session, 'browser' | 'os'>) => `${session.browser} on ${session.os}`,
  thisDevice: 'This device',
  signedIn: 'Signed in',
  lastActive: 'Last active',
  address: 'IP address',
  signOut: 'Sign out',
  signOutOthers: 'Sign out of all other devices',
  signOutQuestion: (name: string) => `Sign out ${name}?`,
  signOutWarning: 'That browser will ask for your password again before it shows your account.',
  othersQuestion: 'Sign out of all other devices?',
  othersWarning:
    'Every browser but this one will ask for your password again before it shows your account.',
  noOthers: 'No other device is signed in.',
  loading: 'Loading your devices',
  loadError: 'Your devices could not be loaded.',
} as const;
