import { Pencil } from 'lucide-react';
import { useState } from 'react';
import type { Post } from '@devplay/shared';
import { Button } from '../../../components/button';
import { EditPostDialog } from './edit-post-dialog';
import styles from './post-card.module.css';

export function EditPostButton({ post }: { post: Post }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={styles.ownerButton}
        onClick={() => setEditing(true)}
        aria-label={`Edit post: ${post.title}`}
        aria-haspopup="dialog"
      >
        <Pencil size={16} aria-hidden />
        <span className={styles.deleteText}>Edit</span>
      </Button>
      {editing && <EditPostDialog post={post} onClose={() => setEditing(false)} />}
    </>
  );
}
