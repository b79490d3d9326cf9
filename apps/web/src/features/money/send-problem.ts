import { MONEY_MESSAGES } from '@devplay/shared';
import { ApiRequestError } from '../../lib/api-client';

type FormField = 'recipient' | 'amount' | 'note';

/** The server names its inputs by the API's words; the form names the recipient differently. */
const FORM_FIELD: Record<string, FormField> = {
  userName: 'recipient',
  amount: 'amount',
  note: 'note',
};

export interface SendProblem {
  /** Set when the message belongs under one input (sending to oneself, a bad sum). */
  field?: FormField;
  message: string;
}

/**
 * SPEC §8 for money: the server's own words (insufficient funds, unknown recipient, oneself,
 * rate limit, unverified e-mail), else 'Error sending transaction' — also when no answer came.
 */
export function sendProblem(error: unknown): SendProblem {
  if (error instanceof ApiRequestError && error.serverMessage) {
    return {
      field: error.field ? FORM_FIELD[error.field] : undefined,
      message: error.serverMessage,
    };
  }
  return { message: MONEY_MESSAGES.sendError };
}
