import { useId, type ComponentType } from 'react';
import styles from './choice-group.module.css';

export interface Choice<T extends string> {
  value: T;
  label: string;
  icon?: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Fits the group into a menu. */
  compact?: boolean;
}

/** One choice among a few, as radio buttons drawn as one segmented control. */
export function ChoiceGroup<T extends string>({
  legend,
  choices,
  value,
  onChange,
  compact = false,
}: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className={`${styles.group} ${compact ? styles.compact : ''}`}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {choices.map(({ value: option, label, icon: Icon }) => (
          <label key={option} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className={styles.input}
            />
            {Icon && <Icon size={16} aria-hidden />}
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
