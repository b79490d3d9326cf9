import { CircleAlert } from 'lucide-react';
import { useId, type ComponentPropsWithRef } from 'react';
import fieldStyles from './text-field.module.css';
import styles from './textarea-field.module.css';

type TextareaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  label: string;
  error?: string;
  hint?: string;
  /** Shows 'length/max' beside the label, turning red past the limit. */
  counter?: { length: number; max: number };
  id?: string;
};

/** TextField's multi-line sibling: same label, error and hint wiring, plus an optional counter. */
export function TextareaField({
  label,
  error,
  hint,
  counter,
  id,
  className,
  ...rest
}: TextareaFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const counterId = `${inputId}-counter`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null, counter ? counterId : null]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.labelRow}>
        <label className={fieldStyles.label} htmlFor={inputId}>
          {label}
        </label>
        {counter && (
          <span
            id={counterId}
            className={[styles.counter, counter.length > counter.max && styles.counterOver]
              .filter(Boolean)
              .join(' ')}
          >
            <span className="visually-hidden">Characters used: </span>
            {counter.length}/{counter.max}
          </span>
        )}
      </div>
      <textarea
        id={inputId}
        className={`${fieldStyles.input} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {error && (
        <p className={fieldStyles.error} id={errorId}>
          <CircleAlert size={14} className={fieldStyles.errorIcon} aria-hidden />
          <span>{error}</span>
        </p>
      )}
      {hint && (
        <p className={fieldStyles.hint} id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
