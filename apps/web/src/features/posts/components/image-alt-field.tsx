import { LIMITS } from '@devplay/shared';
import type { ComponentPropsWithRef } from 'react';
import { TextareaField } from '../../../components/text-field';

type ImageAltFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  /** What is written so far, for the counter. */
  length: number;
  error?: string;
};

/** The description of a post's picture, read out in its place (its alt text). */
export function ImageAltField({ length, error, ...textarea }: ImageAltFieldProps) {
  return (
    <TextareaField
      label="Image description (optional)"
      hint="Describe the picture for people who cannot see it."
      rows={2}
      counter={{ length, max: LIMITS.imageAltMax }}
      error={error}
      {...textarea}
    />
  );
}
