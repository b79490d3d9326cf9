import type { SchemasOf } from './api-contract';
import { messageResponseSchema as message } from './schemas/errors';
import { userPageSchema } from './schemas/follows';
import { idParamSchema, pageQuerySchema } from './schemas/pagination';
import { signUpModeSchema } from './schemas/registrations';
import {
  reportInputSchema,
  reportListQuerySchema,
  reportPageSchema,
  reportSchema,
  resolveReportInputSchema,
  suspendInputSchema,
  suspensionSchema,
} from './schemas/reports';
import {
  blockInputSchema,
  blockStateSchema,
  muteInputSchema,
  muteStateSchema,
  privacySchema,
  privacyUpdateSchema,
  siteSettingsSchema,
  siteSettingsUpdateSchema,
} from './schemas/safety';

type SafetyOperation =
  | 'blockMember'
  | 'unblockMember'
  | 'muteMember'
  | 'unmuteMember'
  | 'listBlocks'
  | 'listMutes'
  | 'updatePrivacy'
  | 'adminGetSettings'
  | 'adminUpdateSettings'
  | 'adminApproveUser'
  | 'adminRejectUser'
  | 'reportContent'
  | 'adminListReports'
  | 'adminResolveReport'
  | 'adminSuspendUser'
  | 'adminUnsuspendUser'
  | 'getSignUpMode';

/**
 * The schemas of the trust-and-safety operations (blocks, mutes, privacy, reports, suspensions,
 * registrations): a part of `apiContract`, kept apart so each file stays readable.
 */
export const safetyContract = {
  blockMember: { body: blockInputSchema, response: blockStateSchema },
  unblockMember: { body: blockInputSchema, response: blockStateSchema },
  muteMember: { body: muteInputSchema, response: muteStateSchema },
  unmuteMember: { body: blockInputSchema, response: muteStateSchema },
  listBlocks: { query: pageQuerySchema, response: userPageSchema },
  listMutes: { query: pageQuerySchema, response: userPageSchema },
  updatePrivacy: { body: privacyUpdateSchema, response: privacySchema },
  adminGetSettings: { response: siteSettingsSchema },
  adminUpdateSettings: { body: siteSettingsUpdateSchema, response: siteSettingsSchema },
  adminApproveUser: { params: idParamSchema, response: message },
  adminRejectUser: { params: idParamSchema, response: message },
  // 201 for a new report, 200 with the reporter's open one on the same target.
  reportContent: { body: reportInputSchema, response: reportSchema, status: [201, 200] },
  adminListReports: { query: reportListQuerySchema, response: reportPageSchema },
  adminResolveReport: {
    params: idParamSchema,
    body: resolveReportInputSchema,
    response: reportSchema,
  },
  adminSuspendUser: { params: idParamSchema, body: suspendInputSchema, response: suspensionSchema },
  adminUnsuspendUser: { params: idParamSchema, response: suspensionSchema },
  getSignUpMode: { response: signUpModeSchema },
} satisfies { [K in SafetyOperation]: SchemasOf<K> };
