import { SendHorizontal } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { AUTH_MESSAGES, COMMENT_MAX } from '@devplay/shared';
import { FormField } from '../../../components/form-field';
import { MentionList } from '../../../components/mention-list';
import { useMentionPicker } from '../../../components/use-mention-picker';
import { getFormErrorMessage } from '../../../lib/error-message';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useAddComment } from '../api';
import styles from './comments.module.css';

const TEXTS = { server: AUTH_MESSAGES.serverError, network: AUTH_MESSAGES.networkError };

export function CommentForm({ postId }: { postId: number }) {
  const addComment = useAddComment();
  const form = useForm<{ text: string }>({ defaultValues: { text: '' } });
  const {
    register,
    reset,
    setValue,
    formState: { errors },
  } = form;
  const mention = useMentionPicker((text) => setValue('text', text));
  const { submit, busy } = useFormSubmit(form, {
    // The form is one input, so every failure, a rate limit included, is shown under it.
    problem: (error) => ({ field: 'text', message: getFormErrorMessage(error, TEXTS) }),
  });

  const onSubmit = submit(async ({ text }) => {
    const trimmed = text.trim();
    // SPEC §5: blank text is ignored, no request, no complaint.
    if (!trimmed) return;
    await addComment.mutateAsync({ postId, text: trimmed });
    reset();
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormField label="Write a comment" hideLabel error={errors.text?.message}>
        {(control) => (
          <div className={styles.formRow}>
            <MentionList picker={mention}>
              <input
                {...control}
                className={styles.input}
                placeholder="Write a comment..."
                maxLength={COMMENT_MAX}
                autoComplete="off"
                // Enter picks a member while the list is open, and sends the comment otherwise.
                onKeyDown={mention.onKeyDown}
                {...mention.bind(register('text'))}
              />
            </MentionList>
            <button
              type="submit"
              className={styles.send}
              aria-label="Send comment"
              disabled={busy}
              aria-busy={busy || undefined}
            >
              <SendHorizontal size={18} aria-hidden />
            </button>
          </div>
        )}
      </FormField>
    </form>
  );
}
