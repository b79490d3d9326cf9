// Kept apart from the schemas so code that only needs these does not pull in zod.
/** SPEC §5 and §8 texts for posts, verbatim. */
export const POST_MESSAGES = {
  title: 'Please enter a title (3–100 characters).',
  description: 'Please enter a description (3–1000 characters).',
  media: 'Please add at least an image or a YouTube link.',
  videoTooLong: 'The video link is too long (max 500 characters).',
  // Not SPEC text (the SPEC names no message): the field takes YouTube links only.
  videoInvalid:
    'Please enter a YouTube video link (youtube.com/watch?v=…, youtu.be/…, youtube.com/shorts/… or youtube.com/embed/…).',
  authorizationRequired: 'Authorization required.',
  tooManyRequests: 'Too many requests. Please try again later.',
  published: 'Your post has been published successfully!',
  publishing: 'Publishing...',
  publish: 'Publish',
  notFound: 'Post not found',
  notAuthor: 'You can only delete your own posts',
  deleted: 'Post deleted',
  errorLoadingPosts: 'Error loading posts',
  errorLoadingLikes: 'Error loading likes',
  noLikes: 'No likes',
  loading: 'Loading...',
  userHasNoPosts: 'The user has no posts yet.',
  // Not SPEC text (editing and image descriptions came after it), written in its voice.
  imageAltTooLong: 'The image description is too long (max 1000 characters).',
  notAuthorEdit: 'You can only edit your own posts',
  updated: 'Your post has been updated.',
} as const;

export const cooldownMessage = (seconds: number) =>
  `Please wait ${seconds}s before publishing again.`;
