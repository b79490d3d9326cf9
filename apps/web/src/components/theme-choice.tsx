import { Monitor, Moon, Sun } from 'lucide-react';
import { THEME_CHOICES, useThemeChoice, type ThemeChoice } from '../lib/theme';
import { ChoiceGroup, type Choice } from './choice-group';

const OPTIONS: Record<ThemeChoice, Omit<Choice<ThemeChoice>, 'value'>> = {
  system: { label: 'System', icon: Monitor },
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
};
const CHOICES = THEME_CHOICES.map((value) => ({ value, ...OPTIONS[value] }));

/** The device's theme: the change applies at once. `compact` fits it into a menu. */
export function ThemeChoiceControl({ compact = false }: { compact?: boolean }) {
  const [choice, setChoice] = useThemeChoice();
  return (
    <ChoiceGroup
      legend="Theme"
      choices={CHOICES}
      value={choice}
      onChange={setChoice}
      compact={compact}
    />
  );
}
