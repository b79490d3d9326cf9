import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { PROFILE_MESSAGES, TIMINGS } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast-context';
import { getFormErrorMessage } from '../../../lib/error-message';
import { endSession } from '../../../lib/session';
import { useDeleteAccount } from '../api';
import styles from './settings-card.module.css';
import { paths } from '../../../lib/paths';

/** SPEC §4: the success message, then after 800 ms the session ends and / opens. */
export function DeleteAccountCard({ username }: { username: string }) {
  const headingId = useId();
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setTyped('');
  };

  const confirm = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      const fallback = PROFILE_MESSAGES.errorDeletingAccount;
      setResult({
        tone: 'error',
        text: getFormErrorMessage(error, { server: fallback, network: fallback }),
      });
      setOpen(false);
      return;
    }
    setOpen(false);
    setResult({ tone: 'success', text: PROFILE_MESSAGES.accountDeleted });
    // A toast outlives the page, so the message is still there on the welcome screen.
    toast.show(PROFILE_MESSAGES.accountDeleted, 'success');
    // Not cancelled on unmount: the account is gone, so the session must end whatever happens.
    window.setTimeout(() => {
      void navigate(paths.welcome, { replace: true });
      endSession(queryClient);
    }, TIMINGS.accountDeletedRedirectMs);
  };

  const matches = typed.trim() === username;

  return (
    <Card className={styles.danger} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          Delete account
        </h2>
        <p className={styles.lead}>
          Removes your profile, posts, comments, likes and subscriptions for good. This cannot be
          undone.
        </p>
      </div>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <div className={styles.actions}>
        <Button
          variant="danger"
          onClick={() => setOpen(true)}
          disabled={result?.tone === 'success'}
        >
          <TriangleAlert size={16} aria-hidden />
          Delete account
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        confirmLabel="Delete forever"
        pending={remove.isPending}
        confirmDisabled={!matches}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        <div className={styles.form}>
          <p>
            Type your username <strong>{username}</strong> to confirm.
          </p>
          <TextField
            label="Username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      </ConfirmDialog>
    </Card>
  );
}
