import { z } from 'zod';
import { usernameSchema } from './auth';
import { pageOf } from './pagination';
import { userSummarySchema } from './users';

export const followInputSchema = z.object({ username: usernameSchema });
export const followStateSchema = z.object({
  isFollowing: z.boolean(),
  followersCount: z.number().int(),
});
export type FollowState = z.infer<typeof followStateSchema>;

export const userPageSchema = pageOf(userSummarySchema);
