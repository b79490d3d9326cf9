import { z } from 'zod';
import { DATA_EXPORT_STATUSES } from './data-export-texts';

/** GET /me/export: the member's newest archive; `none` when there is none to download or wait for. */
export const dataExportSchema = z.object({
  status: z.enum(DATA_EXPORT_STATUSES),
  createdAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
