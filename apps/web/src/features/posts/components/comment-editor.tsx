import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { AUTH_MESSAGES, COMMENT_MAX, COMMENT_MESSAGES, type Comment } from '@devplay/shared';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { MentionList } from '../../../components/mention-list';
import { useMentionPicker } from '../../../components/use-mention-picker';
import { getFormErrorMessage } from '../../../lib/error-message';
import { useEditComment } from '../edit-api';
import styles from './comment-editor.module.css';

const TEXTS = { server: AUTH_MESSAGES.serverError, network: AUTH_MESSAGES.networkError };

interface CommentEditorProps {
  comment: Comment;
  /** Saved or cancelled: the comment reads as text again. */
  onDone: () => void;
}

/**
 * The comment's text in place, rewritten under the rules of commenting: Enter saves, Shift+Enter
 * starts a new line, Escape cancels.
 */
export function CommentEditor({ comment, onDone }: CommentEditorProps) {
  const edit = useEditComment();
  const [text, setText] = useState(comment.text);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionPicker(setText);
  // Editing goes on from the end of the text, wherever the browser put the caret on focus.
  useEffect(() => {
    const end = box.current?.value.length ?? 0;
    box.current?.setSelectionRange(end, end);
  }, []);

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
  // As in the new-comment box, Enter sends; Shift+Enter is the newline, and an input method's
  // Enter only ends its composition.
  const onTextKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKeyDown(event)) return;
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <form className={styles.editor} onSubmit={save} onKeyDown={onKeyDown} noValidate>
      <FormField label="Edit comment" hideLabel error={error ?? undefined}>
        {(control) => (
          <MentionList picker={mention}>
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
              onKeyDown={onTextKeyDown}
              {...mention.bind({ ref: box }, { multiline: true })}
              // The member asked to edit this very text.
              autoFocus
            />
          </MentionList>
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
