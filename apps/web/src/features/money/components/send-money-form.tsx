import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { centsToEuros, MONEY_LIMITS, MONEY_MESSAGES } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { useSession } from '../../auth/api';
import { useSendMoney, type SearchMembers } from '../api';
import { formatEuro } from '../format-euro';
import {
  EMPTY_SEND_FORM,
  sendMoneyFormSchema,
  type SendMoneyFormOutput,
  type SendMoneyFormValues,
} from '../send-money-schema';
import { sendProblem, type SendProblem } from '../send-problem';
import { ConfirmSendDialog } from './confirm-send-dialog';
import { RecipientPicker } from './recipient-picker';
import styles from './send-money-form.module.css';

type Outcome = { tone: 'success' | 'error'; text: string };

/** Issue 5 send money: pick a member, a sum and an optional note, confirm, send. */
export function SendMoneyForm({ search }: { search: SearchMembers }) {
  const headingId = useId();
  const { me } = useSession();
  const sender = useSendMoney();
  const [review, setReview] = useState<SendMoneyFormOutput | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<SendMoneyFormValues, unknown, SendMoneyFormOutput>({
    resolver: zodResolver(sendMoneyFormSchema),
    defaultValues: EMPTY_SEND_FORM,
  });
  const { field: recipient } = useController({ control, name: 'recipient' });
  const note = useWatch({ control, name: 'note' }) ?? '';
  // A refused field gets the focus once the dialog has closed and handed focus back.
  const refusedField = useRef<SendProblem['field']>(undefined);

  useEffect(() => {
    if (review || !refusedField.current) return;
    setFocus(refusedField.current);
    refusedField.current = undefined;
  }, [review, setFocus]);

  // Money leaves only after a second, deliberate step: the member sees who gets how much.
  const onSubmit = handleSubmit((values) => {
    setOutcome(null);
    setReview(values);
  });

  const confirm = async () => {
    if (!review) return;
    try {
      await sender.send({
        amountCents: review.amount,
        userName: review.recipient.username,
        note: review.note ?? '',
      });
      reset(EMPTY_SEND_FORM);
      setOutcome({ tone: 'success', text: MONEY_MESSAGES.sent });
    } catch (error) {
      // The form keeps its values (DESIGN §7), so a retry is one click away.
      const problem = sendProblem(error);
      if (problem.field) {
        setError(problem.field, { type: 'server', message: problem.message });
        refusedField.current = problem.field;
      } else {
        setOutcome({ tone: 'error', text: problem.message });
      }
    } finally {
      setReview(null);
    }
  };

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Send money
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <RecipientPicker
          value={recipient.value}
          onChange={recipient.onChange}
          onBlur={recipient.onBlur}
          inputRef={recipient.ref}
          search={search}
          excludeId={me?.id}
          error={errors.recipient?.message}
          disabled={sender.isPending}
        />
        <TextField
          label="Sum (€)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          hint={`From ${formatEuro(0.01)} to ${formatEuro(centsToEuros(MONEY_LIMITS.maxTransferCents))}`}
          error={errors.amount?.message}
          disabled={sender.isPending}
          {...register('amount')}
        />
        <TextareaField
          label="Note (optional)"
          rows={2}
          maxLength={MONEY_LIMITS.noteMax}
          counter={{ length: note.length, max: MONEY_LIMITS.noteMax }}
          error={errors.note?.message}
          disabled={sender.isPending}
          {...register('note')}
        />
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <Button type="submit" className={styles.submit} loading={sender.isPending}>
          {!sender.isPending && <Send size={18} aria-hidden />}
          Send
        </Button>
      </form>
      <ConfirmSendDialog
        review={review}
        busy={sender.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setReview(null)}
      />
    </Card>
  );
}
