import { MailCheck } from 'lucide-react';
import { EMAIL_CODE } from '@devplay/shared';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ConfirmEmailForm } from '../../features/auth/components/confirm-email-form';
import { usePendingEmail } from '../../features/auth/use-pending-email';

// True whenever the page is read: the code's life counts from its sending, not from this page.
const VALIDITY = `A code is valid for ${EMAIL_CODE.ttlMinutes} minutes after it is sent.`;

/**
 * SPEC §2 /confirm_email, for a member just signed up, one signed in but not yet confirmed (the
 * shell sends them here) and a visitor who types the address.
 */
export function ConfirmEmailPage() {
  const email = usePendingEmail();
  return (
    <AuthCard
      icon={MailCheck}
      title="Confirm your email"
      description={
        email ? (
          <>
            We sent a {EMAIL_CODE.length}-digit code to <strong>{email}</strong>. {VALIDITY}
          </>
        ) : (
          `Enter the ${EMAIL_CODE.length}-digit code from the e-mail we sent you. ${VALIDITY}`
        )
      }
    >
      {/* Keyed: the profile arriving late turns a typed address into the known one. */}
      <ConfirmEmailForm key={email ?? ''} email={email} />
    </AuthCard>
  );
}
