import { LogIn, UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { REGISTRATION_TEXTS, SAFETY_MESSAGES } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { useSignUpMode } from '../api';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import styles from './auth-panel.module.css';

type Mode = 'signin' | 'signup';

/**
 * The double-slider: both forms sit side by side and an overlay slides over the inactive one.
 * The hidden half is `inert`, so keyboard and screen-reader users meet one form at a time.
 * Phones get a plain toggle instead of the overlay (see the CSS).
 */
export function AuthPanel({ initialMode = 'signin' }: { initialMode?: Mode }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const signInHeading = useRef<HTMLHeadingElement>(null);
  const signUpHeading = useRef<HTMLHeadingElement>(null);

  const switchTo = (next: Mode) => {
    setMode(next);
    // Focus follows the switch, to the heading so phones do not pop the keyboard up.
    requestAnimationFrame(() =>
      (next === 'signin' ? signInHeading : signUpHeading).current?.focus(),
    );
  };

  const signUpActive = mode === 'signup';
  const signUpMode = useSignUpMode();

  return (
    <div className={`${styles.panel} ${signUpActive ? styles.signUpActive : ''}`}>
      <div className={styles.tabs} role="group" aria-label="Choose a form">
        <button
          type="button"
          className={styles.tab}
          aria-pressed={!signUpActive}
          onClick={() => switchTo('signin')}
        >
          Sign in
        </button>
        <button
          type="button"
          className={styles.tab}
          aria-pressed={signUpActive}
          onClick={() => switchTo('signup')}
        >
          Sign up
        </button>
      </div>

      <section
        className={`${styles.pane} ${styles.signUpPane}`}
        aria-labelledby="signup-heading"
        inert={!signUpActive}
      >
        <h2 id="signup-heading" ref={signUpHeading} tabIndex={-1} className={styles.heading}>
          Create an account
        </h2>
        {signUpMode === 'closed' ? (
          <Alert tone="info">{SAFETY_MESSAGES.registrationsClosed}</Alert>
        ) : (
          <>
            <p className={styles.lead}>
              {signUpMode === 'approval'
                ? REGISTRATION_TEXTS.approvalLead
                : 'It takes a minute. We will e-mail you a 6-digit code.'}
            </p>
            <SignUpForm />
          </>
        )}
      </section>

      <section
        className={`${styles.pane} ${styles.signInPane}`}
        aria-labelledby="signin-heading"
        inert={signUpActive}
      >
        <h2 id="signin-heading" ref={signInHeading} tabIndex={-1} className={styles.heading}>
          Sign in
        </h2>
        <p className={styles.lead}>Welcome back! Pick up where you left off.</p>
        <SignInForm />
      </section>

      <div className={styles.overlayContainer}>
        <div className={styles.overlay}>
          <div className={`${styles.overlayPanel} ${styles.overlayLeft}`} inert={!signUpActive}>
            <h2 className={styles.overlayTitle}>Welcome back!</h2>
            <p className={styles.overlayText}>
              Already one of us? Sign in to get back to your feed, your messages and your matches.
            </p>
            <Button variant="outline" size="lg" onClick={() => switchTo('signin')}>
              <LogIn size={18} aria-hidden />
              Sign in
            </Button>
          </div>
          <div className={`${styles.overlayPanel} ${styles.overlayRight}`} inert={signUpActive}>
            <h2 className={styles.overlayTitle}>New to DevPlay?</h2>
            <p className={styles.overlayText}>
              Join developers and gamers: share posts, follow people, chat and play 1v1 tournaments.
            </p>
            <Button variant="outline" size="lg" onClick={() => switchTo('signup')}>
              <UserPlus size={18} aria-hidden />
              Sign up
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
