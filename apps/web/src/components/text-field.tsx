import type { ComponentPropsWithRef } from 'react';
import { FormField } from './form-field';
import styles from './text-field.module.css';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
}

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & FieldProps;

/** A labelled one-line input; passwords have PasswordField, with its eye button. */
export function TextField({
  label,
  error,
  hint,
  id,
  type = 'text',
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input {...control} type={type} className={styles.input} {...inputProps} />}
    </FormField>
  );
}

type TextareaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> &
  FieldProps & {
    /** Shows 'length/max' beside the label, turning red past the limit. */
    counter?: { length: number; max: number };
  };

/** TextField's multi-line sibling, with an optional counter beside the label. */
export function TextareaField({
  label,
  error,
  hint,
  counter,
  id,
  className,
  ...rest
}: TextareaFieldProps) {
  return (
    <FormField
      label={label}
      error={error}
      hint={hint}
      counter={counter}
      id={id}
      className={className}
    >
      {(control) => (
        <textarea {...control} className={`${styles.input} ${styles.textarea}`} {...rest} />
      )}
    </FormField>
  );
}
