import { RULES_LANGUAGES, type RulesLanguage } from '@devplay/shared';
import type { RulesText } from './rules-text';

/** Each language in its own chunk: only the one read is downloaded (DESIGN §7 bundle budget). */
const LOADERS: Record<RulesLanguage, () => Promise<RulesText>> = {
  en: () => import('./en').then((module) => module.rules),
  ru: () => import('./ru').then((module) => module.rules),
  de: () => import('./de').then((module) => module.rules),
  pl: () => import('./pl').then((module) => module.rules),
  cz: () => import('./cz').then((module) => module.rules),
};

export const loadRules = (language: RulesLanguage) => LOADERS[language]();

/** The switch's labels, each in its own language; `lang` is the BCP 47 tag ('cz' is Czech, 'cs'). */
export const LANGUAGE_INFO: Record<RulesLanguage, { name: string; lang: string }> = {
  en: { name: 'English', lang: 'en' },
  ru: { name: 'Русский', lang: 'ru' },
  de: { name: 'Deutsch', lang: 'de' },
  pl: { name: 'Polski', lang: 'pl' },
  cz: { name: 'Čeština', lang: 'cs' },
};

const STORAGE_KEY = 'devplay.rulesLanguage';

const isLanguage = (value: string | null | undefined): value is RulesLanguage =>
  RULES_LANGUAGES.some((language) => language === value);

/** The remembered choice, else the browser's language when the rules have it, else English. */
export function initialLanguage(): RulesLanguage {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage may be blocked (private mode); the browser's language decides then.
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase();
    const language = base === 'cs' ? 'cz' : base;
    if (isLanguage(language)) return language;
  }
  return 'en';
}

export function rememberLanguage(language: RulesLanguage) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered, but still shown.
  }
}
