import { formatEuro } from '@devplay/shared';
import type { AdminComment, AdminPost, AdminUser } from '@devplay/shared';

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * The confirmation texts name what goes with the deleted thing: a member's whole trail, and their
 * balance going back to the system account as on self-deletion.
 */
export const deleteQuestions = {
  user: (user: AdminUser) => ({
    title: `Delete ${user.username}?`,
    text:
      `Their account goes with everything in it: ${plural(user.posts_count, 'post')}, ` +
      'their comments, likes, messages, follows and uploads. ' +
      `Their balance of ${formatEuro(user.balance)} returns to the system account. ` +
      'This cannot be undone.',
  }),
  post: (post: AdminPost) => ({
    title: 'Delete this post?',
    text:
      `"${post.title}" by ${post.author.username} goes with its ` +
      `${plural(post.commentsCount, 'comment')} and ${plural(post.likesCount, 'like')}, ` +
      'and its uploaded image if it has one. ' +
      'This cannot be undone.',
  }),
  comment: (comment: AdminComment) => ({
    title: 'Delete this comment?',
    text: `${comment.author.username}'s comment on "${comment.postTitle}" goes for good: "${comment.text}"`,
  }),
};
