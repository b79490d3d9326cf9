import { Monitor, Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { THEME_CHOICES, useThemeChoice, type ThemeChoice } from '../lib/theme';
import styles from './theme-choice.module.css';

const OPTIONS: Record<ThemeChoice, { label: string; icon: typeof Sun }> = {
  system: { label: 'System', icon: Monitor },
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
};

/**
 * The device's theme as three radio buttons drawn as one segmented control; the change applies at
 * once. `compact` fits it into a menu.
 */
export function ThemeChoiceControl({ compact = false }: { compact?: boolean }) {
  const [choice, setChoice] = useThemeChoice();
  const name = useId();
  return (
    <fieldset className={`${styles.group} ${compact ? styles.compact : ''}`}>
      <legend className={styles.legend}>Theme</legend>
      <div className={styles.options}>
        {THEME_CHOICES.map((value) => {
          const { label, icon: Icon } = OPTIONS[value];
          return (
            <label key={value} className={styles.option}>
              <input
                type="radio"
                name={name}
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
                className={styles.input}
              />
              <Icon size={16} aria-hidden />
              {label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
