import type { UserSummary } from '@devplay/shared';

/** What the send form holds while the member types; the rules live in send-money-schema. */
export interface SendMoneyFormValues {
  recipient: UserSummary | null;
  amount: string;
  note?: string | undefined;
}

/** The values once checked: a recipient, the sum in integer cents and the note. */
export interface SendMoneyFormOutput {
  recipient: UserSummary;
  amount: number;
  note?: string | undefined;
}

export const EMPTY_SEND_FORM: SendMoneyFormValues = { recipient: null, amount: '', note: '' };
