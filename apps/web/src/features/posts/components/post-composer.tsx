import { startTransition, Suspense, useId, useRef, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { Card } from '../../../components/card';
import { TextField } from '../../../components/text-field';
import { useSession } from '../../../lib/session';
import styles from './new-post-form.module.css';
import { lazyNamed } from '../../../lib/lazy-named';

const loadForm = () => import('./new-post-form');
const NewPostForm = lazyNamed(() => loadForm(), 'NewPostForm');

/**
 * Home's new-post form. Closed, it is one line, drawn here without the form's code (the form
 * library and the fields, a good part of the page's script), which loads when the member points
 * at the line or goes to write in it; the line stays until the form replaces it, open, with
 * what was typed meanwhile.
 */
export function PostComposer() {
  const [writing, setWriting] = useState(false);
  const draft = useRef('');
  const write = () => startTransition(() => setWriting(true));

  return (
    // Never shown: the line stays, as a transition keeps what is on screen, until the form comes.
    <Suspense fallback={null}>
      {writing ? (
        <NewPostForm collapsible draft={draft} />
      ) : (
        <ComposerLine
          onWrite={(text) => {
            draft.current = text;
            write();
          }}
        />
      )}
    </Suspense>
  );
}

/** The form's closed look, the same boxes as NewPostForm's, so nothing moves when it comes. */
function ComposerLine({ onWrite }: { onWrite: (text: string) => void }) {
  const { me } = useSession();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className={styles.collapsed}>
      <h2 id={headingId} className="visually-hidden">
        Create a post
      </h2>
      <form className={styles.form} noValidate onSubmit={(event) => event.preventDefault()}>
        <div className={styles.titleRow}>
          <Avatar src={me?.avatar} alt="" />
          <TextField
            label="Title"
            className={styles.oneLine}
            placeholder="What's new?"
            autoComplete="off"
            required
            onPointerEnter={() => void loadForm()}
            onFocus={(event) => onWrite(event.target.value)}
            onChange={(event) => onWrite(event.target.value)}
          />
        </div>
      </form>
    </Card>
  );
}
