import { z } from 'zod';

export const userSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** API.md `Me`: the signed-in member as GET /me and POST /signin answer it. */
export const meSchema = userSummarySchema.extend({
  email: z.string(),
  age: z.number().int().nullable(),
  bio: z.string(),
  balance: z.number(),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  posts_count: z.number().int(),
  followersCount: z.number().int(),
  followingsCount: z.number().int(),
  unreadMessages: z.number().int(),
});
export type Me = z.infer<typeof meSchema>;

export const signInResponseSchema = z.object({ token: z.string(), user: meSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;
