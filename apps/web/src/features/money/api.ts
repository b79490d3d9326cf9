import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendMoneyInput } from '@devplay/shared';
import { useRef } from 'react';
import { api, ApiRequestError } from '../../lib/api-client';
import { sessionKeys } from '../../lib/session';
import { useLiveEvents } from '../../lib/use-live';
import { setCachedBalance, transactionsQuery } from './history-query';
import { moneyKeys } from './money-keys';

export function useTransactions() {
  return useInfiniteQuery(transactionsQuery(useQueryClient()));
}

interface SendMoneyValues {
  amountCents: number;
  userName: string;
  note: string;
}

/** randomUUID exists only in secure contexts; a LAN address over plain http has just getRandomValues. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Without an answer (network failure, 5xx) the transfer may have been booked: retrying must
 * replay it, not book it twice. Any other answer proves nothing was booked under this key.
 */
const mayHaveBeenBooked = (error: unknown) =>
  !(error instanceof ApiRequestError) || error.isNetworkError || error.status >= 500;

/**
 * Sends money with one idempotency key per attempt: retrying the same values after a failure
 * without an answer reuses the key, so the server answers the original transfer; new values, or a
 * send that got its answer, start a new attempt with a new key.
 */
export function useSendMoney() {
  const queryClient = useQueryClient();
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (input: SendMoneyInput) => api.call('sendMoney', { body: input }),
    onSuccess: (transaction) => {
      setCachedBalance(queryClient, transaction.balanceAfter);
      return queryClient.invalidateQueries({ queryKey: moneyKeys.history() });
    },
  });

  const send = async ({ amountCents, userName, note }: SendMoneyValues) => {
    const fingerprint = JSON.stringify([userName.toLowerCase(), amountCents, note]);
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { fingerprint, key: newIdempotencyKey() };
    }
    const { key } = attempt.current;
    const settle = () => {
      if (attempt.current?.key === key) attempt.current = null;
    };
    try {
      const transaction = await mutation.mutateAsync({
        amount: amountCents / 100,
        userName,
        note: note || undefined,
        idempotencyKey: key,
      });
      settle();
      return transaction;
    } catch (error) {
      if (!mayHaveBeenBooked(error)) settle();
      throw error;
    }
  };

  return { send, isPending: mutation.isPending, reset: mutation.reset };
}

/**
 * Keeps the balance (part of the member) and the history current while the app is open: the
 * server announces every change (a receipt, a send from another tab).
 */
export function useLiveBalance() {
  const queryClient = useQueryClient();
  useLiveEvents([sessionKeys.me(), moneyKeys.history()], (event) => {
    if (event.type !== 'balance:changed') return;
    setCachedBalance(queryClient, event.data.balance);
    void queryClient.invalidateQueries({ queryKey: moneyKeys.history() });
  });
}
