import {
  AUTH_MESSAGES,
  ERROR_CODES,
  POST_MESSAGES,
  TIMINGS,
  UPLOAD_MESSAGES,
} from '@devplay/shared';
import { ApiRequestError } from '../../lib/api-client';
import { formProblem, getFormErrorMessage, type FormProblem } from '../../lib/error-message';

const POST_FIELDS = ['title', 'description', 'image', 'video'] as const;
type PostProblem = FormProblem<(typeof POST_FIELDS)[number]>;

const PUBLISH_TEXTS = { server: AUTH_MESSAGES.serverError, network: AUTH_MESSAGES.networkError };
const UPLOAD_TEXTS = {
  server: UPLOAD_MESSAGES.uploadFailed,
  network: UPLOAD_MESSAGES.uploadFailed,
};

/** SPEC §5, §8: errors naming title, description, image or video go under that field. */
function publishProblem(error: unknown): PostProblem {
  if (error instanceof ApiRequestError && error.status === 401) {
    return { banner: POST_MESSAGES.authorizationRequired };
  }
  return formProblem(error, POST_FIELDS, PUBLISH_TEXTS);
}

/** Answers about the member or the pace, not the picture (SPEC §4 cooldown, §6 verification). */
const aboutTheMember = (error: unknown) =>
  error instanceof ApiRequestError &&
  ([401, 403, 429].includes(error.status) || error.code === ERROR_CODES.cooldown);

/** SPEC §8: an upload failure reads as the server's message, else 'Image upload failed.' */
function uploadProblem(error: unknown): PostProblem {
  if (aboutTheMember(error)) return publishProblem(error);
  return { field: 'image', message: getFormErrorMessage(error, UPLOAD_TEXTS) };
}

/** Marks a failed upload of the picture, which reads differently from a failed publish. */
export class UploadError extends Error {
  constructor(readonly reason: unknown) {
    super(UPLOAD_MESSAGES.uploadFailed);
    this.name = 'UploadError';
  }
}

export const postProblem = (error: unknown): PostProblem =>
  error instanceof UploadError ? uploadProblem(error.reason) : publishProblem(error);

/**
 * How long the server still makes the member wait (its 422 COOLDOWN names the seconds: 'Please
 * wait 9s before publishing again.'), or null when the failure was about something else.
 */
export function serverCooldownMs(error: unknown): number | null {
  const reason = error instanceof UploadError ? error.reason : error;
  if (!(reason instanceof ApiRequestError) || reason.code !== ERROR_CODES.cooldown) return null;
  const seconds = /(\d+)\s*s\b/.exec(reason.serverMessage ?? '')?.[1];
  return seconds ? Number(seconds) * 1000 : TIMINGS.postCooldownMs;
}
