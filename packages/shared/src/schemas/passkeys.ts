import { z } from 'zod';
import { emailSchema } from './auth';
import { LIMITS } from '../constants';
import { fromDigits, textInput } from './primitives';
import { PASSKEY, PASSKEY_MESSAGES } from './passkeys-texts';
import { passwordAndCodeInputSchema } from './two-factor';

/** API.md `Passkey`: a WebAuthn credential on the member's account. */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.array(passkeySchema);

export const passkeyParamSchema = z.object({
  passkeyId: fromDigits(
    z
      .number({ error: PASSKEY_MESSAGES.notFound })
      .int(PASSKEY_MESSAGES.notFound)
      .min(1, PASSKEY_MESSAGES.notFound)
      .max(LIMITS.idMax, PASSKEY_MESSAGES.notFound),
  ),
});

const passkeyNameSchema = textInput({ error: PASSKEY_MESSAGES.enterName })
  .max(PASSKEY.nameMax, PASSKEY_MESSAGES.nameTooLong)
  .transform((name) => name.trim())
  .pipe(z.string().min(1, PASSKEY_MESSAGES.enterName));

/** Base64url as WebAuthn's JSON encodes binary, bounded well above what authenticators send. */
const base64url = (max: number) =>
  textInput({ error: PASSKEY_MESSAGES.notVerified })
    .max(max, PASSKEY_MESSAGES.notVerified)
    .regex(/^[A-Za-z0-9_-]*$/, PASSKEY_MESSAGES.notVerified);

/**
 * A browser's `PublicKeyCredential` as JSON (`toJSON()`, or @simplewebauthn/browser's answer):
 * only its shape is checked here; @simplewebauthn/server verifies what it says.
 */
const credentialShape = {
  id: base64url(1_024),
  rawId: base64url(1_024),
  type: z.literal('public-key', { error: PASSKEY_MESSAGES.notVerified }),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
/** How an authenticator is reached, as WebAuthn names it today. */
export const passkeyTransportSchema = z.enum([
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
]);
/** Browsers may name newer transports: any short name passes, and the server keeps the known. */
const transportsSchema = z.array(textInput().max(32)).max(8).optional();

const registrationResponseSchema = z.object({
  ...credentialShape,
  response: z.object({
    clientDataJSON: base64url(4_096),
    attestationObject: base64url(16_384),
    transports: transportsSchema,
  }),
});
const authenticationResponseSchema = z.object({
  ...credentialShape,
  response: z.object({
    clientDataJSON: base64url(4_096),
    authenticatorData: base64url(4_096),
    signature: base64url(1_024),
    userHandle: base64url(256).optional(),
  }),
});

/**
 * The options `navigator.credentials.create()` and `.get()` take, as JSON (WebAuthn Level 3's
 * `parseCreationOptionsFromJSON` / `parseRequestOptionsFromJSON`): what the server answers, open
 * to members a newer server library adds (`extensions`, `hints`).
 */
const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(passkeyTransportSchema).optional(),
});
const requirementSchema = z.enum(['discouraged', 'preferred', 'required']);
export const registrationOptionsSchema = z.looseObject({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: requirementSchema.optional(),
      userVerification: requirementSchema.optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
});
export const signInOptionsSchema = z.looseObject({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: requirementSchema.optional(),
});

export const registerPasskeyInputSchema = z.object({
  response: registrationResponseSchema,
  name: passkeyNameSchema,
});
export const renamePasskeyInputSchema = z.object({ name: passkeyNameSchema });
/** The password always; a current code too when the last passkey goes and the app is on. */
export const removePasskeyInputSchema = passwordAndCodeInputSchema.partial({ code: true });
export type RemovePasskeyInput = z.input<typeof removePasskeyInputSchema>;

/** With an e-mail the browser offers that account's passkeys; without, any it holds here. */
export const passkeySignInOptionsInputSchema = z.object({ email: emailSchema.optional() });
export const passkeySignInInputSchema = z.object({ response: authenticationResponseSchema });
