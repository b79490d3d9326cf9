import { useEffect, useRef, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import {
  formProblem,
  type FormErrorTexts,
  type FormProblem,
  type ServerFields,
} from './error-message';

/** The line above a form's button: its success, or a failure no single input owns. */
interface Notice {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/** How a form reads its failures: the generic way (SPEC §8), or a feature's own. */
type Reading<F extends string> =
  | {
      /** The inputs a server error may name; anything else goes to the banner. */
      fields: ServerFields<F>;
      /** The form's words when the server gives none (SPEC §8). */
      texts: FormErrorTexts;
    }
  | {
      /**
       * A feature's own reading (posts: upload versus publish); `null` when it has shown the
       * failure itself, on an input react-hook-form does not own.
       */
      problem: (error: unknown) => FormProblem<F> | null;
    };

/** An action's outcome: a notice to show, or nothing (it navigated, or the form says it). */
type Action = () => Promise<Notice | void> | Notice | void;

/**
 * Every form's submit path (DESIGN §8): one attempt at a time, a busy flag for the button,
 * server errors that name an input under that input (focused), the rest in the banner.
 */
export function useFormSubmit<T extends FieldValues, TOutput>(
  form: UseFormReturn<T, unknown, TOutput>,
  reading: Reading<FieldPath<T>>,
) {
  const { handleSubmit, setError, setFocus } = form;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  // Focus moves after the render that shows the error, so a dialog closing in that same
  // render (which hands focus back to its opener) cannot take it away again.
  const [refused, setRefused] = useState<{ field: FieldPath<T> } | null>(null);

  useEffect(() => {
    if (refused) setFocus(refused.field);
  }, [refused, setFocus]);

  const show = (failure: FormProblem<FieldPath<T>>) => {
    if ('banner' in failure) {
      setNotice({ tone: 'error', text: failure.banner });
      return;
    }
    setError(failure.field, { type: 'server', message: failure.message });
    setRefused({ field: failure.field });
  };

  /**
   * Runs a step that calls the server outside handleSubmit (a confirmation dialog's button, a
   * second action such as 'Resend code', which may read its failures in words of its own).
   */
  const run = async (action: Action, ownReading: Reading<FieldPath<T>> = reading) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setNotice(null);
    try {
      const outcome = await action();
      if (outcome) setNotice(outcome);
    } catch (error) {
      const failure =
        'problem' in ownReading
          ? ownReading.problem(error)
          : formProblem(error, ownReading.fields, ownReading.texts);
      if (failure) show(failure);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  /** react-hook-form's handleSubmit, with the action run as above once the values are valid. */
  const submit = (action: (values: TOutput) => ReturnType<Action>) =>
    handleSubmit((values) => run(() => action(values)));

  return { submit, run, busy, notice, setNotice };
}
