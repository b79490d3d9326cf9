import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  AUTH_MESSAGES,
  EMAIL_CODE,
  TIMINGS,
  verifyInputSchema,
  type VerifyInput,
} from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { getErrorMessage, getFormErrorMessage } from '../../../lib/error-message';
import { clearStoredEmail, readStoredEmail } from '../../../lib/stored-email';
import { useResendCode, useVerify } from '../api';
import { AuthCard } from '../components/auth-card';
import formStyles from '../components/auth-form.module.css';

const STARTS_WITH_EMOJI = /^\p{Extended_Pictographic}/u;

type Notice = { tone: 'success' | 'error' | 'info'; text: string };

export function ConfirmEmailPage() {
  const [storedEmail] = useState(() => readStoredEmail('verification'));
  const verify = useVerify();
  const resend = useResendCode();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [verified, setVerified] = useState(false);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<VerifyInput, unknown, VerifyInput>({
    resolver: zodResolver(verifyInputSchema),
    mode: 'onTouched',
    defaultValues: { email: storedEmail ?? '', code: '' },
  });

  useEffect(() => {
    if (!verified) return;
    const timer = window.setTimeout(
      () => void navigate('/', { replace: true }),
      TIMINGS.verifyRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [verified, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      await verify.mutateAsync(values);
      clearStoredEmail('verification');
      setVerified(true);
      setNotice({ tone: 'success', text: AUTH_MESSAGES.verifySuccess });
    } catch (error) {
      const text = getFormErrorMessage(error, {
        server: AUTH_MESSAGES.verifyFailure,
        network: AUTH_MESSAGES.verifyFailure,
      });
      setNotice({ tone: 'error', text });
    }
  });

  const resendCode = async () => {
    if (!(await trigger('email'))) return;
    setNotice(null);
    try {
      const { message } = await resend.mutateAsync({ email: getValues('email') });
      setNotice({ tone: 'info', text: message });
    } catch (error) {
      setNotice({ tone: 'error', text: getErrorMessage(error) });
    }
  };

  return (
    <AuthCard
      icon={MailCheck}
      title="Confirm your email"
      description={`Enter the ${EMAIL_CODE.length}-digit code we sent to your e-mail. It is valid for ${EMAIL_CODE.ttlMinutes} minutes.`}
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Confirm email">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          readOnly={storedEmail !== null}
          hint={storedEmail ? 'The address you signed up with.' : undefined}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Verification code"
          placeholder="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus
          error={errors.code?.message}
          {...register('code')}
        />
        {notice && (
          <Alert tone={notice.tone} hideIcon={STARTS_WITH_EMOJI.test(notice.text)}>
            {notice.text}
          </Alert>
        )}
        <div className={formStyles.actions}>
          <Button type="submit" size="lg" block loading={verify.isPending} disabled={verified}>
            Confirm email
          </Button>
          <Button
            variant="secondary"
            block
            onClick={() => void resendCode()}
            loading={resend.isPending}
            disabled={verified}
          >
            Resend code
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
