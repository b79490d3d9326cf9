import { SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { COMMENT_MAX } from '@devplay/shared';
import { getErrorMessage } from '../../../lib/error-message';
import { useAddComment } from '../api';
import styles from './comments.module.css';

export function CommentForm({ postId }: { postId: number }) {
  const addComment = useAddComment();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    // SPEC §5: blank text is ignored, no request, no complaint.
    if (!trimmed || addComment.isPending) return;
    setError(null);
    addComment.mutate(
      { postId, text: trimmed },
      {
        onSuccess: () => setText(''),
        onError: (failure) => setError(getErrorMessage(failure)),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        Write a comment
      </label>
      <div className={styles.formRow}>
        <input
          id={inputId}
          className={styles.input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Write a comment..."
          maxLength={COMMENT_MAX}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button
          type="submit"
          className={styles.send}
          aria-label="Send comment"
          disabled={addComment.isPending}
          aria-busy={addComment.isPending || undefined}
        >
          <SendHorizontal size={18} aria-hidden />
        </button>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
