// Kept apart from the schemas so code that only needs these does not pull in zod.
export const COMMENT_MAX = 1000;

export const COMMENT_MESSAGES = {
  empty: 'Write something first.',
  tooLong: `A comment can be at most ${COMMENT_MAX} characters.`,
  notFound: 'Comment not found',
  notAuthor: 'You can only delete your own comments',
  deleted: 'Comment deleted',
  notAuthorEdit: 'You can only edit your own comments',
} as const;
