import { z } from 'zod';
import type { SchemasOf } from './api-contract';
import { messageResponseSchema as message } from './schemas/errors';
import {
  passwordAndCodeInputSchema,
  recoveryCodesSchema,
  secondStepInputSchema,
  sessionListSchema,
  sessionParamSchema,
  totpEnableInputSchema,
  totpSetupSchema,
} from './schemas/two-factor';
import { signInResponseSchema } from './schemas/users';
import {
  passkeyListSchema,
  passkeyParamSchema,
  passkeySchema,
  passkeySignInInputSchema,
  passkeySignInOptionsInputSchema,
  registerPasskeyInputSchema,
  removePasskeyInputSchema,
  renamePasskeyInputSchema,
  registrationOptionsSchema,
  signInOptionsSchema,
} from './schemas/passkeys';
import { dataExportSchema } from './schemas/data-export';

type SecurityOperation =
  | 'signInSecondStep'
  | 'setupTotp'
  | 'enableTotp'
  | 'disableTotp'
  | 'renewRecoveryCodes'
  | 'listSessions'
  | 'endSession'
  | 'endOtherSessions'
  | 'passkeyRegistrationOptions'
  | 'registerPasskey'
  | 'listPasskeys'
  | 'renamePasskey'
  | 'removePasskey'
  | 'passkeySignInOptions'
  | 'signInWithPasskey'
  | 'startExport'
  | 'getExport'
  | 'downloadExport';

/** The schemas of the account-security operations: a part of `apiContract`. */
export const securityContract = {
  signInSecondStep: { body: secondStepInputSchema, response: signInResponseSchema },
  setupTotp: { response: totpSetupSchema },
  enableTotp: { body: totpEnableInputSchema, response: recoveryCodesSchema },
  disableTotp: { body: passwordAndCodeInputSchema, response: message },
  renewRecoveryCodes: { body: passwordAndCodeInputSchema, response: recoveryCodesSchema },
  listSessions: { response: sessionListSchema },
  endSession: { params: sessionParamSchema, response: message },
  endOtherSessions: { response: message },
  passkeyRegistrationOptions: { response: registrationOptionsSchema },
  registerPasskey: { body: registerPasskeyInputSchema, response: passkeySchema, status: 201 },
  listPasskeys: { response: passkeyListSchema },
  renamePasskey: {
    params: passkeyParamSchema,
    body: renamePasskeyInputSchema,
    response: passkeySchema,
  },
  removePasskey: { params: passkeyParamSchema, body: removePasskeyInputSchema, response: message },
  passkeySignInOptions: { body: passkeySignInOptionsInputSchema, response: signInOptionsSchema },
  signInWithPasskey: { body: passkeySignInInputSchema, response: signInResponseSchema },
  startExport: { response: dataExportSchema, status: 202 },
  getExport: { response: dataExportSchema },
  downloadExport: { response: z.string(), mediaType: 'application/zip' },
} satisfies { [K in SecurityOperation]: SchemasOf<K> };
