import type { Transaction } from '@devplay/shared';
import { formatDateTime } from '../../lib/format-date-time';

/** SPEC §3: entries without a date or an amount are not shown at all. */
export const isShownTransaction = (transaction: Transaction) =>
  Number.isFinite(transaction.amount) && formatDateTime(transaction.trDate) !== '';
