import { CircleAlert, Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentPropsWithRef } from 'react';
import styles from './text-field.module.css';

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  label: string;
  error?: string;
  hint?: string;
  /** Adds an eye button that reveals the typed password. */
  passwordToggle?: boolean;
  id?: string;
};

export function TextField({
  label,
  error,
  hint,
  passwordToggle = false,
  id,
  type = 'text',
  className,
  ...inputProps
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [revealed, setRevealed] = useState(false);

  // The error comes first so screen readers announce what is wrong before the general hint.
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const inputType = passwordToggle && revealed ? 'text' : type;

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={inputId}
          type={inputType}
          className={[styles.input, passwordToggle && styles.withToggle].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
        {passwordToggle && (
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setRevealed((value) => !value)}
            aria-label="Show password"
            aria-pressed={revealed}
            aria-controls={inputId}
          >
            {revealed ? <EyeOff size={18} aria-hidden /> : <Eye size={18} aria-hidden />}
          </button>
        )}
      </div>
      {error && (
        <p className={styles.error} id={errorId}>
          <CircleAlert size={14} className={styles.errorIcon} aria-hidden />
          <span>{error}</span>
        </p>
      )}
      {hint && (
        <p className={styles.hint} id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
