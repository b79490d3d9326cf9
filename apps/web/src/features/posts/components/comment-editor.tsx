import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { AUTH_MESSAGES, COMMENT_MAX, COMMENT_MESSAGES, type Comment } from '@devplay/shared';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { getFormErrorMessage } from '../../../lib/error-message';
import { useEditComment } from '../edit-api';
import styles from './comment-editor.module.css';

const TEXTS = { server: AUTH_MESSAGES.serverError, network: AUTH_MESSAGES.networkError };

interface CommentEditorProps {
  comment: Comment;
  /** Saved or cancelled: the comment reads as text again. */
  onDone: () => void;
}

/** The comment's text in place, rewritten under the rules of commenting; Escape cancels. */
export function CommentEditor({ comment, onDone }: CommentEditorProps) {
  const edit = useEditComment();
  const [text, setText] = useState(comment.text);
  const [error, setError] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setError(COMMENT_MESSAGES.empty);
    if (trimmed.length > COMMENT_MAX) return setError(COMMENT_MESSAGES.tooLong);
    if (trimmed === comment.text) return onDone();
    edit.mutate(
      { commentId: comment.id, text: trimmed },
      { onSuccess: onDone, onError: (failure) => setError(getFormErrorMessage(failure, TEXTS)) },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // The comment's own Escape, not a dialog's around it.
    event.preventDefault();
    onDone();
  };

  return (
    <form className={styles.editor} onSubmit={save} onKeyDown={onKeyDown} noValidate>
      <FormField label="Edit comment" hideLabel error={error ?? undefined}>
        {(control) => (
          <textarea
            {...control}
            className={styles.input}
            rows={2}
            maxLength={COMMENT_MAX}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            // The member asked to edit this very text.
            autoFocus
          />
        )}
      </FormField>
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" onClick={onDone} disabled={edit.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={edit.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
