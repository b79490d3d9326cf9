import { bindSessionToQueryClient, bootstrapSession } from '../lib/session';
import { createQueryClient } from './query-client';

/**
 * The entry's first import, so the start-up refresh (SPEC §4) leaves while React and the router
 * are still being evaluated, and the page's chunk (started by the router) downloads beside it.
 */
export const queryClient = createQueryClient();
// Bound before anything runs, so even the start-up refresh can drop a stale profile.
bindSessionToQueryClient(queryClient);
void bootstrapSession(queryClient);
