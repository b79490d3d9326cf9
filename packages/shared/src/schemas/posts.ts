import { z } from 'zod';
import { LIMITS } from '../constants';
import { pageOf, pageQuerySchema } from './pagination';
import { fromDigits, idSchema, textInput, urlIdSchema } from './primitives';
import { isYouTubeLink } from '../youtube';
import { POST_MESSAGES } from './posts-texts';
import { UPLOAD_MESSAGES } from './uploads-texts';
import { userSummarySchema } from './users';

/** SPEC §3: the old client sent 'any' for "no video". */
const VIDEO_PLACEHOLDER = 'any';

const requiredText = (min: number, max: number, message: string) =>
  textInput({ error: message }).trim().min(min, message).max(max, message);

const optionalLink = (max: number, tooLong: string) =>
  textInput()
    .trim()
    .max(max, { error: tooLong, abort: true })
    .nullish()
    .transform((value) => (value && value !== VIDEO_PLACEHOLDER ? value : null));

/** The fields of a post as its author writes them, on publishing and on editing alike. */
const postFields = {
  title: requiredText(LIMITS.postTitleMin, LIMITS.postTitleMax, POST_MESSAGES.title),
  description: requiredText(
    LIMITS.postDescriptionMin,
    LIMITS.postDescriptionMax,
    POST_MESSAGES.description,
  ),
  image: optionalLink(LIMITS.videoLinkMax, UPLOAD_MESSAGES.imageUnknown),
  video: optionalLink(LIMITS.videoLinkMax, POST_MESSAGES.videoTooLong).refine(
    (value) => value === null || isYouTubeLink(value),
    POST_MESSAGES.videoInvalid,
  ),
  // The image's alt text; blank reads as none (the title stands in).
  imageAlt: textInput()
    .trim()
    .max(LIMITS.imageAltMax, { error: POST_MESSAGES.imageAltTooLong, abort: true })
    .nullish()
    .transform((value) => value || null),
};

export const createPostInputSchema = z
  .object(postFields)
  .refine((post) => post.image !== null || post.video !== null, {
    message: POST_MESSAGES.media,
    path: ['image'],
  });
export type CreatePostInput = z.input<typeof createPostInputSchema>;

/**
 * API.md "Editing": an omitted field stays as it is; null or '' clears the image, the video or
 * the alt text. Whether the post still has an image or a video is known only with the stored row.
 */
export const updatePostInputSchema = z.object({
  title: postFields.title.optional(),
  description: postFields.description.optional(),
  image: postFields.image.optional(),
  video: postFields.video.optional(),
  imageAlt: postFields.imageAlt.optional(),
});
export type UpdatePostInput = z.input<typeof updatePostInputSchema>;

export const postSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  imageAlt: z.string().nullable(),
  createdAt: z.string(),
  /** When its author last changed it; null until then. */
  editedAt: z.string().nullable(),
  author: userSummarySchema,
  likesCount: z.number().int(),
  likedByMe: z.boolean(),
  commentsCount: z.number().int(),
});
export type Post = z.infer<typeof postSchema>;

export const postPageSchema = pageOf(postSchema);

export const postListQuerySchema = pageQuerySchema.extend({
  user_id: urlIdSchema.optional(),
  feed: z.enum(['all', 'following']).default('all'),
});

export const likeInputSchema = z.object({ post_id: idSchema });
export const likeStateSchema = z.object({ likesCount: z.number().int(), likedByMe: z.boolean() });

export const likesListSchema = z.object({
  data: z.array(z.object({ fromUser: userSummarySchema })),
  total: z.number().int(),
});

export const likersQuerySchema = z.object({
  limit: fromDigits(z.number().int().min(1).max(100)).prefault(20),
});
export const userLikesQuerySchema = z.object({ user_id: urlIdSchema.optional() });

export const userLikesSchema = z.object({ likedPosts: z.array(z.number().int()) });

/**
 * `feed:new` (API.md): a post by someone else came out; `following` when its author is followed.
 * At most one a second per member: `newest` names the newest post of that second.
 */
export type FeedNewEvent = {
  type: 'feed:new';
  data: { feed: 'all' | 'following'; newest: number };
};

/** The counts of posts liked, unliked or commented on in the last second, as they now are. */
export type PostCounts = Pick<Post, 'id' | 'likesCount' | 'commentsCount'>;
export type PostCountsEvent = { type: 'post:counts'; data: PostCounts[] };
