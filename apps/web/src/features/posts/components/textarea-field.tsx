import { CircleAlert } from 'lucide-react';
import { useId, type ComponentPropsWithRef } from 'react';
import styles from './form-fields.module.css';

type TextareaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  label: string;
  error?: string;
  /** Current length, shown live as 'length/maxChars'. */
  length: number;
  maxChars: number;
  id?: string;
};

/** The textarea twin of the shared TextField, with a character counter. */
export function TextareaField({
  label,
  error,
  length,
  maxChars,
  id,
  className,
  ...textareaProps
}: TextareaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  const counterId = `${fieldId}-counter`;
  const over = length > maxChars;

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={fieldId}>
          {label}
        </label>
        <span
          id={counterId}
          className={[styles.counter, over && styles.counterOver].filter(Boolean).join(' ')}
        >
          <span className="visually-hidden">Characters used: </span>
          {length}/{maxChars}
        </span>
      </div>
      <textarea
        id={fieldId}
        className={styles.textarea}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, counterId].filter(Boolean).join(' ')}
        {...textareaProps}
      />
      {error && (
        <p className={styles.error} id={errorId}>
          <CircleAlert size={14} className={styles.errorIcon} aria-hidden />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
