import type { SchemasOf } from './api-contract';
import { messageResponseSchema as message } from './schemas/errors';
import {
  passwordAndCodeInputSchema,
  recoveryCodesSchema,
  secondStepInputSchema,
  totpEnableInputSchema,
  totpSetupSchema,
} from './schemas/two-factor';
import { signInResponseSchema } from './schemas/users';

type SecurityOperation =
  'signInSecondStep' | 'setupTotp' | 'enableTotp' | 'disableTotp' | 'renewRecoveryCodes';

/** The schemas of the account-security operations: a part of `apiContract`. */
export const securityContract = {
  signInSecondStep: { body: secondStepInputSchema, response: signInResponseSchema },
  setupTotp: { response: totpSetupSchema },
  enableTotp: { body: totpEnableInputSchema, response: recoveryCodesSchema },
  disableTotp: { body: passwordAndCodeInputSchema, response: message },
  renewRecoveryCodes: { body: passwordAndCodeInputSchema, response: recoveryCodesSchema },
} satisfies { [K in SecurityOperation]: SchemasOf<K> };
