import type { Actor } from '../../plugins/auth';

/** SPEC §6: members delete their own posts and comments; admins delete anyone's. */

export const canDeletePost = (actor: Actor, post: { authorId: number }) =>
  actor.isAdmin || post.authorId === actor.id;

export const canDeleteComment = (actor: Actor, comment: { userId: number }) =>
  actor.isAdmin || comment.userId === actor.id;
