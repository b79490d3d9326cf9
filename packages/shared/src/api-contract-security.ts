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

type SecurityOperation =
  | 'signInSecondStep'
  | 'setupTotp'
  | 'enableTotp'
  | 'disableTotp'
  | 'renewRecoveryCodes'
  | 'listSessions'
  | 'endSession'
  | 'endOtherSessions';

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
} satisfies { [K in SecurityOperation]: SchemasOf<K> };
