/** The comments' code, which a feed loads when a post's comments are first opened. */
export const loadComments = () => import('./comments-section');
