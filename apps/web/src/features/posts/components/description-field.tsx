import type { UseFormReturn } from 'react-hook-form';
import { LIMITS, type CreatePostInput } from '@devplay/shared';
import { MentionList } from '../../../components/mention-list';
import { TextareaField } from '../../../components/text-field';
import { useMentionPicker } from '../../../components/use-mention-picker';
import type { PostOutput } from '../post-rules';

interface DescriptionFieldProps {
  form: UseFormReturn<CreatePostInput, unknown, PostOutput>;
  /** The description's length as watched by the form, for the counter. */
  length: number;
}

/** A post's description, the composer's and the edit dialog's: members offered after `@`. */
export function DescriptionField({ form, length }: DescriptionFieldProps) {
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  const mention = useMentionPicker((text) =>
    setValue('description', text, { shouldDirty: true, shouldValidate: !!errors.description }),
  );
  return (
    <MentionList picker={mention}>
      <TextareaField
        label="Description"
        rows={4}
        required
        counter={{ length, max: LIMITS.postDescriptionMax }}
        error={errors.description?.message}
        onKeyDown={mention.onKeyDown}
        {...mention.bind(register('description'), { multiline: true })}
      />
    </MentionList>
  );
}
