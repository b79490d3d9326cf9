import { CircleAlert } from 'lucide-react';
import { useId, type ComponentPropsWithRef } from 'react';
import fieldStyles from './text-field.module.css';
import styles from './textarea-field.module.css';

type TextareaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
};

/** TextField's multi-line sibling: same label, error and hint wiring. */
export function TextareaField({ label, error, hint, id, className, ...rest }: TextareaFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <label className={fieldStyles.label} htmlFor={inputId}>
        {label}
      </label>
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
