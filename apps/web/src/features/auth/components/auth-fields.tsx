import type { ComponentProps } from 'react';
import { TextField } from '../../../components/text-field';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete' | 'inputMode'>;

/** The member's e-mail, as every auth screen asks for it. */
export function EmailField(props: Omit<FieldProps, 'label'>) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      {...props}
    />
  );
}
