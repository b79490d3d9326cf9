// zod-jitless first: the schemas below are built when this module loads.
import '../../lib/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, updateProfileInputSchema } from '@devplay/shared';

/** The settings forms' rules (SPEC §5), loaded with their first check, not with the page. */
export const profileResolver = zodResolver(updateProfileInputSchema);
export const passwordResolver = zodResolver(changePasswordFormSchema);
