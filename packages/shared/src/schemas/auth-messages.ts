// Kept apart from the schemas so screens that only need a text do not pull in zod.
import { SHELL_MESSAGES } from './shell-messages';

/** SPEC §5 and §8 texts, verbatim. */
export const AUTH_MESSAGES = {
  enterEmail: 'Enter email',
  incorrectEmail: 'Incorrect email',
  enterUsername: 'Enter username',
  usernameMin: 'Minimum 3 characters',
  enterPassword: 'Enter password',
  passwordStrength:
    'Min. 8 characters, lowercase and UPPERCASE letters, number and special character',
  confirmPassword: 'Confirm password',
  passwordsDoNotMatch: 'The passwords do not match',
  signInPasswordMin: 'Minimum 5 characters',
  resetPasswordsDoNotMatch: 'Passwords do not match',
  codeRequired: 'Enter the code',
  codeFormat: 'The code is 6 digits',
  signUpSuccess: 'Confirmation code sent to your email!',
  /** Sign-up made the account, but its code's first mail failed: it is tried again. */
  signUpCodeNotSent:
    'Your account is created, but the confirmation code could not be sent yet. We will keep trying; you can also ask for a new code in a moment.',
  /** Sign-up made the account; its code's mail had not gone through when it answered. */
  signUpCodeOnItsWay:
    'Your account is created. The confirmation code is on its way; if it does not arrive, ask for a new one.',
  signUpError: 'Registration error',
  networkError: 'Network error',
  signInError: 'Login error',
  signInException: 'Network or server error',
  confirmEmail: 'Please confirm your email. Check your mail.',
  verifySuccess: '✅ Email verified!',
  verifyFailure: '❌ Verification failed',
  somethingWentWrong: 'Something went wrong',
  resetSuccess: 'Password changed successfully!',
  serverError: SHELL_MESSAGES.serverError,
  serviceUnavailable: 'The service is unavailable right now. Please try again in a moment.',
  exitConfirm: SHELL_MESSAGES.exitConfirm,
  // Server texts where the spec gives none.
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'This email is already registered',
  usernameTaken: 'This username is already taken',
  invalidCode: 'Invalid or expired code',
  tooManyAttempts: 'Too many wrong attempts. Request a new code.',
  alreadyVerified: 'Email is already verified',
  codeSent: 'If an account exists for this email, a code has been sent to it.',
  signedOut: 'Signed out',
  emailVerified: 'Email verified',
  passwordReset: 'Password changed successfully!',
  sessionExpired: 'Your session has expired. Please sign in again.',
  adminsOnly: 'Only admins can do this.',
  authorizationRequired: 'Authorization required.',
  emailNotVerified: 'Please confirm your email first.',
  tooManyRequests: SHELL_MESSAGES.tooManyRequests,
  /** What the request refers to was deleted meanwhile, by someone else or on another process. */
  goneMeanwhile: 'Not found. It may have just been deleted.',
  headersTooLarge: 'The request’s address or headers are too long.',
  pathTooLong: 'The request’s address is too long.',
  requestTimeout: 'The request took too long to arrive.',
  unreadableRequest: 'The request could not be read.',
} as const;

/** SPEC §5: lowercase, uppercase, digit and one of @$!%*?&, at least 8 characters. */
/**
 * What a username is made of, as a character class's inside. Mentions read names with it in
 * every page that shows a post, which must not load zod for it.
 */
export const USERNAME_CHARS = 'A-Za-z0-9_.-';

export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).{8,}$/;

/**
 * Linear time: the last label cannot hold a dot, so only one split of the domain can match. The
 * old `[^\s@]+\.[^\s@]+` tried every dot against every other (seconds for 60,000 characters).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
