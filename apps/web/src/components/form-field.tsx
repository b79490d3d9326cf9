import { CircleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import styles from './form-field.module.css';

/** What a field's control needs so its label, error and hint reach assistive technology. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** For screen readers only, where the placeholder and the button beside say it already. */
  hideLabel?: boolean;
  error?: string;
  hint?: ReactNode;
  /** Shows 'length/max' beside the label, turning red past the limit. */
  counter?: { length: number; max: number };
  id?: string;
  className?: string;
  /** The control itself; `labelId` is for controls a <label for> cannot name (a group). */
  children: (control: FieldControl, labelId: string) => ReactNode;
}

/** The one frame of every form input: label, control, the error under it, then the hint. */
export function FormField({
  label,
  hideLabel = false,
  error,
  hint,
  counter,
  id,
  className,
  children,
}: FormFieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const ids = {
    label: `${controlId}-label`,
    error: `${controlId}-error`,
    hint: `${controlId}-hint`,
    counter: `${controlId}-counter`,
  };
  // The error comes first so screen readers announce what is wrong before the general hint.
  const describedBy =
    [error && ids.error, hint && ids.hint, counter && ids.counter].filter(Boolean).join(' ') ||
    undefined;
  const labelElement = (
    <label
      id={ids.label}
      className={hideLabel ? 'visually-hidden' : styles.label}
      htmlFor={controlId}
    >
      {label}
    </label>
  );

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      {counter ? (
        <div className={styles.labelRow}>
          {labelElement}
          <span
            id={ids.counter}
            className={[styles.counter, counter.length > counter.max && styles.counterOver]
              .filter(Boolean)
              .join(' ')}
          >
            <span className="visually-hidden">Characters used: </span>
            {counter.length}/{counter.max}
          </span>
        </div>
      ) : (
        labelElement
      )}
      {children(
        {
          id: controlId,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
        },
        ids.label,
      )}
      {error && <FieldError id={ids.error}>{error}</FieldError>}
      {hint && (
        <p className={styles.hint} id={ids.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A field's error line, also for pickers whose label is a button of their own. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className={styles.error} id={id}>
      <CircleAlert size={14} className={styles.errorIcon} aria-hidden />
      <span>{children}</span>
    </p>
  );
}
