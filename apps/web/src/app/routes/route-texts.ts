/** The empty text of one's own post lists (/profile and /my_posts); the spec leaves it open. */
export const OWN_NO_POSTS = 'You have no posts yet.';
