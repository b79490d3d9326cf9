import { useEffect, useSyncExternalStore } from 'react';

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** Also read by public/boot.js, which paints the chosen theme before the app's code arrives. */
export const THEME_STORAGE_KEY = 'devplay-theme';

const LIGHT_QUERY = '(prefers-color-scheme: light)';
const listeners = new Set<() => void>();

const isChoice = (value: unknown): value is ThemeChoice =>
  THEME_CHOICES.includes(value as ThemeChoice);

function readChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isChoice(stored) ? stored : 'system';
  } catch {
    // Storage may be switched off: the device then simply follows the system.
    return 'system';
  }
}

const systemIsLight = () => window.matchMedia?.(LIGHT_QUERY).matches ?? false;

/** Marks <html> with the theme the tokens draw: the choice, or the system's for 'system'. */
function paint(choice: ThemeChoice) {
  const light = choice === 'light' || (choice === 'system' && systemIsLight());
  document.documentElement.dataset.theme = light ? 'light' : 'dark';
}

let current: ThemeChoice | null = null;
const getChoice = (): ThemeChoice => (current ??= readChoice());

/** Kept per device: the choice lives in this browser's storage, not in the account. */
export function setThemeChoice(choice: ThemeChoice) {
  current = choice;
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not kept, but still applied for this visit.
  }
  paint(choice);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The device's theme choice and its setter; 'system' follows the system's scheme live. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(subscribe, getChoice, () => 'system' as const);
  useEffect(() => {
    paint(choice);
    if (choice !== 'system' || !window.matchMedia) return;
    const query = window.matchMedia(LIGHT_QUERY);
    const follow = () => paint('system');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [choice]);
  useEffect(() => {
    // Another tab of the same device changed it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) setThemeChoice(readChoice());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return [choice, setThemeChoice];
}
