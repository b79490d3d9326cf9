import type { ApiOutput } from '@devplay/shared';
import { ApiRequestError } from './api-client';
import { getFormErrorMessage, type FormErrorTexts } from './error-message';

// Passkeys in the browser: @simplewebauthn/browser turns the server's JSON options into a
// `navigator.credentials` call and its answer back into JSON. It loads on first use, so the
// welcome page's first paint stays without it.
const library = () => import('@simplewebauthn/browser');

/**
 * Whether this browser has WebAuthn at all, read as the library's `browserSupportsWebAuthn`
 * reads it, without loading the library for a yes or no.
 */
export const browserHasPasskeys = () => typeof globalThis.PublicKeyCredential === 'function';

/** Whether the browser offers passkeys among an input's autofill suggestions. */
export async function browserOffersPasskeyAutofill() {
  if (!browserHasPasskeys()) return false;
  return (await library()).browserSupportsWebAuthnAutofill();
}

/** Extension results as the API's body types them: a plain object, not the DOM's interface. */
const plain = (results: object): Record<string, unknown> => ({ ...results });

/** Asks the browser to make a passkey with the server's options; answers what to send back. */
export async function createPasskey(options: ApiOutput<'passkeyRegistrationOptions'>) {
  const answer = await (await library()).startRegistration({ optionsJSON: options });
  return { ...answer, clientExtensionResults: plain(answer.clientExtensionResults) };
}

/**
 * Asks the browser for a passkey's signature of the server's challenge: in its own dialog, or
 * quietly among the suggestions of the input whose autocomplete ends with `webauthn`.
 */
export async function signWithPasskey(
  options: ApiOutput<'passkeySignInOptions'>,
  { autofill = false } = {},
) {
  const { startAuthentication } = await library();
  const answer = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  return { ...answer, clientExtensionResults: plain(answer.clientExtensionResults) };
}

/** Stops the browser's passkey request of this page, if one waits (a quiet autofill one). */
export async function cancelPasskeyRequest() {
  (await library()).WebAuthnAbortService.cancelCeremony();
}

export const PASSKEY_BROWSER_TEXTS = {
  cancelled: 'The passkey request was cancelled or timed out.',
  known: 'This device already holds a passkey for your account.',
  failed: 'This browser could not use a passkey here. Please try again.',
} as const;

/**
 * What to tell the member when a passkey step failed: the server's words when it refused, else
 * what the browser's failure means. The browser says NotAllowedError both when the member closed
 * its dialog and when the request timed out, and never tells which.
 */
export function passkeyFailure(error: unknown, fallbacks: FormErrorTexts): string {
  if (error instanceof ApiRequestError || !(error instanceof Error))
    return getFormErrorMessage(error, fallbacks);
  // The library wraps the browser's DOMException, which is not an Error everywhere.
  const { cause } = error;
  const name = typeof cause === 'object' && cause && 'name' in cause ? cause.name : error.name;
  if (name === 'NotAllowedError') return PASSKEY_BROWSER_TEXTS.cancelled;
  if ('code' in error && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return PASSKEY_BROWSER_TEXTS.known;
  return PASSKEY_BROWSER_TEXTS.failed;
}
