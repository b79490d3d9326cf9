/** The Passkeys part of the Security card; the server's messages live in PASSKEY_MESSAGES. */
export const PASSKEY_TEXTS = {
  title: 'Passkeys',
  lead: 'Sign in with your fingerprint, face or screen lock instead of your password. Once you have one, signing in with your password asks for a passkey or a code too.',
  none: 'You have no passkeys yet.',
  add: 'Add a passkey',
  unsupported:
    'This browser cannot make or use passkeys. A recent Chrome, Edge, Firefox or Safari can.',
  added: 'Added',
  lastUsed: 'Last used',
  neverUsed: 'Never used to sign in',
  rename: 'Rename',
  remove: 'Remove',
  name: 'Name',
  nameHint: 'A name to tell it apart, such as the device or key it lives on.',
  addLead:
    'Give it a name, then your browser asks where to keep it: this device, your phone or a security key.',
  addSubmit: 'Continue',
  addFailed: 'The passkey could not be added. Please try again.',
  renameTitle: 'Rename passkey',
  renameSubmit: 'Save',
  renameFailed: 'The passkey could not be renamed. Please try again.',
  removeTitle: 'Remove passkey',
  removeLead: (name: string) => `Enter your password to remove “${name}”.`,
  removeLastLead: (name: string) =>
    `“${name}” is your last passkey: enter your password and a code from your authenticator app, or a recovery code.`,
  removeQuestion: 'Remove this passkey?',
  removeWarning:
    'You can no longer sign in with it here. Your device keeps it until you delete it there too.',
  removeFailed: 'The passkey could not be removed. Please try again.',
  loadError: 'Your passkeys could not be loaded.',
  cancel: 'Cancel',
} as const;

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X/, 'macOS'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];
const found = (list: [RegExp, string][], userAgent: string) =>
  list.find(([pattern]) => pattern.test(userAgent))?.[1];

/** The name a new passkey starts with: where it is being made, as far as the browser tells. */
export function defaultPasskeyName(userAgent: string) {
  const browser = found(BROWSERS, userAgent);
  const system = found(SYSTEMS, userAgent);
  if (!browser) return system ? `Passkey on ${system}` : 'My passkey';
  return system ? `Passkey on ${browser}, ${system}` : `Passkey on ${browser}`;
}
