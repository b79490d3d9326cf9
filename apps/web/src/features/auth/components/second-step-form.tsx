import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  AUTH_MESSAGES,
  ERROR_CODES,
  TWO_FACTOR_MESSAGES,
  type Me,
  type SecondStepMethod,
  type TwoFactorChallenge,
} from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { CodeField } from '../../../components/code-field';
import { TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { formProblem, getFormErrorMessage } from '../../../lib/error-message';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { passkeyFailure as passkeyFailureText } from '../../../lib/webauthn';
import { usePasskeySignIn } from '../passkey-sign-in';
import { useSignInSecondStep } from '../second-step-api';
import { PasskeyStep } from './passkey-step';
import styles from './auth-form.module.css';

interface CodeValues {
  code: string;
}

const validation = {
  totp: lazyResolver(() =>
    import('../second-step-resolvers').then((m) => m.secondStepResolvers.totp),
  ),
  recovery: lazyResolver(() =>
    import('../second-step-resolvers').then((m) => m.secondStepResolvers.recovery),
  ),
};
// The server names the input it refused by the API's name; this form has one input for either.
const FIELDS = { code: 'code', recoveryCode: 'code' } as const;
const TEXTS = { server: AUTH_MESSAGES.signInError, network: AUTH_MESSAGES.signInException };
/** Answers that end the attempt: the ticket is gone, so only the password step can go on. */
const ENDINGS: Partial<Record<string, string>> = {
  [ERROR_CODES.ticketExpired]: TWO_FACTOR_MESSAGES.ticketExpired,
  [ERROR_CODES.tooManyAttempts]: TWO_FACTOR_MESSAGES.tooManyTries,
};

const LEADS: Record<SecondStepMethod, string> = {
  totp: 'Enter the 6-digit code your authenticator app shows for DevPlay.',
  recovery: 'Enter one of the recovery codes you saved when you turned this on. Each works once.',
  passkey:
    'Use the passkey you added to your account: on this device, your phone or a security key.',
};
const SWITCHES: Record<SecondStepMethod, string> = {
  totp: 'Use your authenticator app instead',
  recovery: 'Use a recovery code instead',
  passkey: 'Use a passkey instead',
};
/** The method the step opens with: the app's code where there is one. */
const firstOf = (methods: SecondStepMethod[]) =>
  (['totp', 'recovery', 'passkey'] as const).find((method) => methods.includes(method)) ?? 'totp';

interface SecondStepFormProps {
  challenge: TwoFactorChallenge;
  /** The address the member typed: a passkey in place of a code is asked for that account. */
  email: string;
  idPrefix: string;
  onSignedIn: (user: Me) => void;
  /** Back to the password step; `reason` says why when the server ended the attempt. */
  onRestart: (reason?: string) => void;
}

/** The second step of a sign-in (API.md "Two factors"): an app code, a recovery code or a passkey. */
export function SecondStepForm({
  challenge,
  email,
  idPrefix,
  onSignedIn,
  onRestart,
}: SecondStepFormProps) {
  const headingId = useId();
  const [method, setMethod] = useState<SecondStepMethod>(firstOf(challenge.methods));
  const others = challenge.methods.filter((offered) => offered !== method);
  const passkey = usePasskeySignIn();
  const [passkeyFailure, setPasskeyFailure] = useState<string | null>(null);

  // A passkey signs in on its own (POST /signin/passkey); the ticket is left to expire.
  const askForPasskey = () => {
    setPasskeyFailure(null);
    passkey.mutate(email, {
      onSuccess: onSignedIn,
      onError: (error) => setPasskeyFailure(passkeyFailureText(error, TEXTS)),
    });
  };
  const switchTo = (next: SecondStepMethod) => {
    setMethod(next);
    // The link's tap asks the browser at once, as "Use a passkey instead" promises.
    if (next === 'passkey') askForPasskey();
  };

  return (
    <section className={styles.form} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.stepTitle}>
        Two-factor authentication
      </h3>
      <p className={styles.muted}>{LEADS[method]}</p>
      {/* A fresh form per method: its own rules, an empty input, and focus in it. */}
      {method === 'passkey' ? (
        <PasskeyStep pending={passkey.isPending} failure={passkeyFailure} onStart={askForPasskey} />
      ) : (
        <CodeForm
          key={method}
          method={method}
          ticket={challenge.ticket}
          id={`${idPrefix}-${method}-code`}
          onSignedIn={onSignedIn}
          onRestart={onRestart}
        />
      )}
      <div className={styles.row}>
        <div className={styles.switches}>
          {others.map((other) => (
            <button
              key={other}
              type="button"
              className={styles.textButton}
              onClick={() => switchTo(other)}
            >
              {SWITCHES[other]}
            </button>
          ))}
        </div>
        <button type="button" className={styles.textButton} onClick={() => onRestart()}>
          Back to sign in
        </button>
      </div>
    </section>
  );
}

interface CodeFormProps extends Omit<SecondStepFormProps, 'challenge' | 'email' | 'idPrefix'> {
  method: Exclude<SecondStepMethod, 'passkey'>;
  ticket: string;
  id: string;
}

function CodeForm({ method, ticket, id, onSignedIn, onRestart }: CodeFormProps) {
  const secondStep = useSignInSecondStep();
  const rules = validation[method];
  const form = useForm<CodeValues>({ resolver: rules.resolver, defaultValues: { code: '' } });
  const {
    register,
    formState: { errors },
  } = form;
  const { submit, busy, notice } = useFormSubmit(form, {
    problem: (error) => {
      const ending = error instanceof ApiRequestError ? ENDINGS[error.code] : undefined;
      if (ending === undefined) return formProblem(error, FIELDS, TEXTS);
      onRestart(getFormErrorMessage(error, { server: ending, network: ending }));
      return null;
    },
  });

  const onSubmit = submit(async ({ code }) => {
    const answer = await secondStep.mutateAsync(
      method === 'totp' ? { ticket, code } : { ticket, recoveryCode: code },
    );
    onSignedIn(answer.user);
  });

  const field = { id, autoFocus: true, error: errors.code?.message, ...register('code') };
  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={rules.prefetch} noValidate>
      {method === 'totp' ? (
        <CodeField label="Authentication code" {...field} />
      ) : (
        <TextField
          label="Recovery code"
          placeholder="xxxxx-xxxxx"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...field}
        />
      )}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" size="lg" block loading={busy}>
          Verify
        </Button>
      </div>
    </form>
  );
}
