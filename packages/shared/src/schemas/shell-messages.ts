// Its own module: the app's first download carries these three, not all of AUTH_MESSAGES.
/**
 * The few texts every page may show (a failed call, a rate limit, the exit question).
 */
export const SHELL_MESSAGES = {
  serverError: 'Server error',
  tooManyRequests: 'Too many requests. Please try again later.',
  exitConfirm: 'Are you sure you want to exit?',
} as const;
