// zod-jitless first: the schemas below are built when this module loads.
import '../../lib/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import { createPostInputSchema } from '@devplay/shared';

/**
 * The new-post form's rules (SPEC §5, the YouTube forms of SPEC §4), in a chunk of their own
 * that loads when the composer opens, so zod stays off the home page's first paint.
 */
export const postResolver = zodResolver(createPostInputSchema);
