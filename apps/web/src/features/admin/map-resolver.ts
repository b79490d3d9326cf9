// zod-jitless first: the schemas are built when this module loads.
import '../../lib/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import { createMapInputSchema } from '@devplay/shared';

/** The add-map form's rules, in a chunk of their own that lazyResolver loads. */
export const mapResolver = zodResolver(createMapInputSchema);
