import { MailCheck } from 'lucide-react';
import { EMAIL_CODE } from '@devplay/shared';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ConfirmEmailForm } from '../../features/auth/components/confirm-email-form';

/** SPEC §2 /confirm_email. */
export function ConfirmEmailPage() {
  return (
    <AuthCard
      icon={MailCheck}
      title="Confirm your email"
      description={`Enter the ${EMAIL_CODE.length}-digit code we sent to your e-mail. It is valid for ${EMAIL_CODE.ttlMinutes} minutes.`}
    >
      <ConfirmEmailForm />
    </AuthCard>
  );
}
