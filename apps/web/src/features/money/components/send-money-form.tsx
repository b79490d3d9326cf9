import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import {
  centsToEuros,
  formatEuro,
  MONEY_LIMITS,
  MONEY_MESSAGES,
  type UserSummary,
} from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import type { SearchMembers } from '../../../components/member-combobox';
import { TextareaField, TextField } from '../../../components/text-field';
import { useSession } from '../../../lib/session';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useSendMoney } from '../api';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { paymentRefusal } from '../../../lib/member-standing';
import { useProfile } from '../../../lib/profile-query';
import {
  EMPTY_SEND_FORM,
  type SendMoneyFormOutput,
  type SendMoneyFormValues,
} from '../send-money-values';
import { ConfirmSendDialog } from './confirm-send-dialog';
import { RecipientPicker } from './recipient-picker';
import styles from './send-money-form.module.css';

// The server names its inputs by the API's words; the form names the recipient differently.
const FIELDS = { userName: 'recipient', amount: 'amount', note: 'note' } as const;
// SPEC §8 for money: the server's own words, else 'Error sending transaction', also offline.
const TEXTS = { server: MONEY_MESSAGES.sendError, network: MONEY_MESSAGES.sendError };
const validation = lazyResolver(() =>
  import('../send-money-schema').then((m) => m.sendMoneyResolver),
);

interface SendMoneyFormProps {
  search: SearchMembers;
  /** Chosen already (a profile's Send money link). */
  recipient?: UserSummary | null;
}

/** Send money: pick a member, a sum and an optional note, confirm, send. */
export function SendMoneyForm({ search, recipient: chosen = null }: SendMoneyFormProps) {
  const headingId = useId();
  const { me } = useSession();
  const sender = useSendMoney();
  const [review, setReview] = useState<SendMoneyFormOutput | null>(null);
  const form = useForm<SendMoneyFormValues, unknown, SendMoneyFormOutput>({
    resolver: validation.resolver,
    defaultValues: { ...EMPTY_SEND_FORM, recipient: chosen },
  });
  const {
    register,
    control,
    reset,
    formState: { errors },
  } = form;
  const { run, busy, notice, setNotice } = useFormSubmit(form, { fields: FIELDS, texts: TEXTS });
  const { field: recipient } = useController({ control, name: 'recipient' });
  const note = useWatch({ control, name: 'note' }) ?? '';
  // A member who takes no money from the sender is said so before the form is filled in.
  const standing = useProfile(recipient.value?.username ?? '').data;
  const refusal = standing ? paymentRefusal(standing) : null;

  // Money leaves only after a second, deliberate step: the member sees who gets how much.
  const onSubmit = form.handleSubmit((values) => {
    setNotice(null);
    // A sum the balance cannot cover is said at the sum, not after a confirmation offered it.
    // The balance shown is kept live; the server still judges the transfer itself.
    if (me && centsToEuros(values.amount) > me.balance) {
      form.setError('amount', { message: MONEY_MESSAGES.insufficientFunds }, { shouldFocus: true });
      return;
    }
    setReview(values);
  });

  const confirm = (values: SendMoneyFormOutput) =>
    run(async () => {
      try {
        await sender.send({
          amountCents: values.amount,
          userName: values.recipient.username,
          note: values.note ?? '',
        });
      } finally {
        // The form keeps its values on failure (DESIGN §7), so a retry is one click away.
        setReview(null);
      }
      reset(EMPTY_SEND_FORM);
      return { tone: 'success', text: MONEY_MESSAGES.sent };
    });

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Send money
      </h2>
      <form className={styles.form} onSubmit={onSubmit} onFocus={validation.prefetch} noValidate>
        <RecipientPicker
          value={recipient.value}
          onChange={recipient.onChange}
          onBlur={recipient.onBlur}
          inputRef={recipient.ref}
          search={search}
          excludeId={me?.id}
          error={errors.recipient?.message ?? refusal ?? undefined}
          disabled={busy}
        />
        <TextField
          label="Amount (€)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          hint={`From ${formatEuro(0.01)} to ${formatEuro(centsToEuros(MONEY_LIMITS.maxTransferCents))}`}
          error={errors.amount?.message}
          disabled={busy}
          {...register('amount')}
        />
        <TextareaField
          label="Note (optional)"
          rows={2}
          maxLength={MONEY_LIMITS.noteMax}
          counter={{ length: note.length, max: MONEY_LIMITS.noteMax }}
          error={errors.note?.message}
          disabled={busy}
          {...register('note')}
        />
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <Button type="submit" className={styles.submit} loading={busy} disabled={!!refusal}>
          {!busy && <Send size={18} aria-hidden />}
          Send
        </Button>
      </form>
      <ConfirmSendDialog
        review={review}
        busy={busy}
        onConfirm={() => review && void confirm(review)}
        onCancel={() => setReview(null)}
      />
    </Card>
  );
}
