import { AUTH_MESSAGES, ERROR_CODES, POST_MESSAGES } from '@devplay/shared';
import { ApiRequestError } from '../../lib/api-client';
import { errorField, getErrorMessage } from '../../lib/error-message';

export const POST_FIELDS = ['title', 'description', 'image', 'video'] as const;
export type PostField = (typeof POST_FIELDS)[number];

/** Where a failed publish shows its text: under a field, or in the banner above the button. */
export type PublishProblem = { field: PostField; message: string } | { banner: string };

/** Answers that mean the same whichever of the two calls (upload, publish) got them. */
function commonProblem(error: unknown): PublishProblem | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status === 401) return { banner: POST_MESSAGES.authorizationRequired };
  if (error.status === 429) {
    return { banner: error.serverMessage ?? POST_MESSAGES.tooManyRequests };
  }
  // 403 EMAIL_NOT_VERIFIED and 422 COOLDOWN carry a sentence meant for the reader.
  if (error.status === 403 || error.code === ERROR_CODES.cooldown) {
    return { banner: getErrorMessage(error) };
  }
  if (error.isNetworkError) return { banner: AUTH_MESSAGES.networkError };
  return null;
}

/** SPEC §8: an upload failure reads as the server's message, else 'Image upload failed.' */
export function uploadProblem(error: unknown): PublishProblem {
  const common = commonProblem(error);
  if (common && !(error instanceof ApiRequestError && error.isNetworkError)) return common;
  const message =
    error instanceof ApiRequestError && error.serverMessage
      ? error.serverMessage
      : POST_MESSAGES.uploadFailed;
  return { field: 'image', message };
}

/** SPEC §5, §8: errors naming title, description, image or video go under that field. */
export function publishProblem(error: unknown): PublishProblem {
  const field = errorField(error, POST_FIELDS);
  if (field && !(error instanceof ApiRequestError && error.status === 429)) {
    return { field, message: getErrorMessage(error) };
  }
  return commonProblem(error) ?? { banner: getErrorMessage(error) };
}
