import { FormField } from '../../../components/form-field';
import { REPORTS_TEXTS, SUSPENSION_CHOICES } from '../reports-texts';
import styles from './admin.module.css';

/** How long a suspension lasts: 1, 7 or 30 days, or until an admin lifts it (null). */
export function SuspensionDuration({
  days,
  onChange,
}: {
  days: number | null;
  onChange: (days: number | null) => void;
}) {
  return (
    <FormField label={REPORTS_TEXTS.duration}>
      {(control) => (
        <select
          {...control}
          className={styles.select}
          value={days ?? ''}
          onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        >
          {SUSPENSION_CHOICES.map((choice) => (
            <option key={choice.label} value={choice.days ?? ''}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
