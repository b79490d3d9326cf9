import { Pencil } from 'lucide-react';
import { Suspense, useState } from 'react';
import type { Post } from '@devplay/shared';
import { Button } from '../../../components/button';
import styles from './post-card.module.css';
import { lazyNamed } from '../../../lib/lazy-named';

// Opened by a click, never on the first paint: its code, and the form library's, wait for it.
const loadDialog = () => import('./edit-post-dialog');
const EditPostDialog = lazyNamed(() => loadDialog(), 'EditPostDialog');

export function EditPostButton({ post }: { post: Post }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={styles.ownerButton}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setEditing(true)}
        aria-label={`Edit post: ${post.title}`}
        aria-haspopup="dialog"
      >
        <Pencil size={16} aria-hidden />
        <span className={styles.deleteText}>Edit</span>
      </Button>
      {editing && (
        <Suspense fallback={null}>
          <EditPostDialog post={post} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </>
  );
}
