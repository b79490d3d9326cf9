import { z } from 'zod';
import type { apiRoutes, ApiOperation } from './api-routes';
import {
  adminCommentPageSchema,
  adminListQuerySchema,
  adminPostPageSchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  auditPageSchema,
  auditQuerySchema,
} from './schemas/admin';
import {
  emailOnlyInputSchema,
  resetPasswordInputSchema,
  signInInputSchema,
  signUpInputSchema,
  tokenResponseSchema,
  verifyInputSchema,
} from './schemas/auth';
import {
  calendarDayListSchema,
  calendarDaySchema,
  calendarFeedQuerySchema,
  calendarFeedUrlSchema,
  calendarQuerySchema,
  dateParamSchema,
  holidayInputSchema,
  setLeaveInputSchema,
} from './schemas/calendar';
import {
  commentPageSchema,
  commentSchema,
  createCommentInputSchema,
  updateCommentInputSchema,
} from './schemas/comments';
import { safetyContract } from './api-contract-safety';
import { pushContract } from './api-contract-push';
import { securityContract } from './api-contract-security';
import { messageResponseSchema as message } from './schemas/errors';
import { followInputSchema, followStateSchema, userPageSchema } from './schemas/follows';
import { healthSchema } from './schemas/health';
import {
  chatParamSchema,
  chatQuerySchema,
  conversationListSchema,
  messagePageSchema,
  messageSchema,
  sendMessageInputSchema,
} from './schemas/messages';
import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  readNotificationsInputSchema,
  unreadNotificationsSchema,
} from './schemas/notifications';
import { sendMoneyInputSchema, transactionPageSchema, transactionSchema } from './schemas/money';
import {
  countSchema,
  idParamSchema,
  pageQuerySchema,
  postIdParamSchema,
  userIdParamSchema,
} from './schemas/pagination';
import {
  createPostInputSchema,
  likeInputSchema,
  likersQuerySchema,
  likesListSchema,
  likeStateSchema,
  postListQuerySchema,
  postPageSchema,
  postSchema,
  updatePostInputSchema,
  userLikesQuerySchema,
  userLikesSchema,
} from './schemas/posts';
import {
  addParticipantInputSchema,
  createMapInputSchema,
  mapListSchema,
  mapSchema,
  matchInputSchema,
  matchListSchema,
  matchMapsInputSchema,
  matchMapsListSchema,
  matchMapsSchema,
  matchParamSchema,
  matchSchema,
  participantListSchema,
  participantSchema,
} from './schemas/tournament';
import { uploadResponseSchema } from './schemas/uploads';
import {
  changePasswordInputSchema,
  meSchema,
  profileSchema,
  signInAnswerSchema,
  userSearchQuerySchema,
  userSummaryListSchema,
  usernameParamSchema,
} from './schemas/users';
import { newsQuerySchema, newsSchema, weatherQuerySchema, weatherSchema } from './schemas/widgets';

/** The names between `:` in a route path: `'/match/:round/:index'` gives `'round' | 'index'`. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type SuccessStatus = 200 | 201 | 202;

/** What one operation's contract entry may hold. */
export interface OperationSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body the route's schema validates. */
  body?: z.ZodType;
  /**
   * The handler reads a multipart form itself (the route declares no body): the client sends
   * FormData, or else the JSON `body` the handler then parses.
   */
  form?: true;
  /** Every 2xx answer's body. */
  response: z.ZodType;
  /** When the answer is not JSON. */
  mediaType?: string;
  /**
   * The success status when it is not 200 (201 for what the call creates), or each of them when
   * it depends on the call.
   */
  status?: SuccessStatus | readonly SuccessStatus[];
}

/** A path with parameters needs a `params` schema naming exactly those parameters. */
export type SchemasOf<K extends ApiOperation> = OperationSchemas &
  ([PathParamNames<(typeof apiRoutes)[K]['path']>] extends [never]
    ? { params?: never }
    : {
        params: z.ZodType<unknown, Record<PathParamNames<(typeof apiRoutes)[K]['path']>, unknown>>;
      });

/**
 * The schemas of every operation in api-routes.ts. The server registers each route from the two
 * tables (`route(app, operationId, ...)`, apps/server/src/lib/route.ts), so an operation is
 * declared here once; the web types its calls with them (api-types.ts) without loading zod.
 */
export const apiContract = {
  getHealth: { response: healthSchema },
  signUp: { body: signUpInputSchema, response: message, status: 201 },
  verifyEmail: { body: verifyInputSchema, response: message },
  resendCode: { body: emailOnlyInputSchema, response: message },
  signIn: { body: signInInputSchema, response: signInAnswerSchema },
  refreshSession: { response: tokenResponseSchema },
  signOut: { response: message },
  forgotPassword: { body: emailOnlyInputSchema, response: message },
  resetPassword: { body: resetPasswordInputSchema, response: message },
  calendarFeed: {
    query: calendarFeedQuerySchema,
    response: z.string(),
    mediaType: 'text/calendar',
  },
  getMe: { response: meSchema },
  updateMe: { form: true, body: changePasswordInputSchema, response: meSchema },
  deleteMe: { response: message },
  getProfile: { params: usernameParamSchema, response: profileSchema },
  searchUsers: { query: userSearchQuerySchema, response: userSummaryListSchema },
  listPosts: { query: postListQuerySchema, response: postPageSchema },
  getPost: { params: idParamSchema, response: postSchema },
  createPost: { body: createPostInputSchema, response: postSchema, status: 201 },
  deletePost: { params: idParamSchema, response: message },
  likePost: { body: likeInputSchema, response: likeStateSchema },
  unlikePost: { params: postIdParamSchema, response: likeStateSchema },
  listLikers: { params: postIdParamSchema, query: likersQuerySchema, response: likesListSchema },
  listLikedPosts: { query: userLikesQuerySchema, response: userLikesSchema },
  countComments: { params: postIdParamSchema, response: countSchema },
  listComments: { params: postIdParamSchema, query: pageQuerySchema, response: commentPageSchema },
  createComment: { body: createCommentInputSchema, response: commentSchema, status: 201 },
  deleteComment: { params: idParamSchema, response: message },
  uploadImage: { form: true, response: uploadResponseSchema, status: 201 },
  followMember: { body: followInputSchema, response: followStateSchema },
  unfollowMember: { body: followInputSchema, response: followStateSchema },
  listFollowers: { params: usernameParamSchema, query: pageQuerySchema, response: userPageSchema },
  listFollowings: { params: usernameParamSchema, query: pageQuerySchema, response: userPageSchema },
  countUnreadMessages: { response: countSchema },
  listConversations: { response: conversationListSchema },
  hideConversation: { params: userIdParamSchema, response: message },
  readChat: { params: chatParamSchema, query: chatQuerySchema, response: messagePageSchema },
  deleteMessage: { params: idParamSchema, response: message },
  sendMessage: { body: sendMessageInputSchema, response: messageSchema, status: 201 },
  listTransactions: { query: pageQuerySchema, response: transactionPageSchema },
  sendMoney: {
    body: sendMoneyInputSchema,
    response: transactionSchema,
    // A replayed transfer (the same idempotency key) answers the original with 200.
    status: [201, 200],
  },
  listCalendarDays: { query: calendarQuerySchema, response: calendarDayListSchema },
  setLeaveDay: { body: setLeaveInputSchema, response: calendarDaySchema },
  clearLeaveDay: { params: dateParamSchema, response: message },
  regenerateCalendarFeed: { response: calendarFeedUrlSchema },
  setHoliday: { body: holidayInputSchema, response: calendarDaySchema },
  removeHoliday: { params: dateParamSchema, response: message },
  listParticipants: { response: participantListSchema },
  addParticipant: { body: addParticipantInputSchema, response: participantSchema, status: 201 },
  removeParticipant: { params: idParamSchema, response: message },
  listMatches: { response: matchListSchema },
  resetBracket: { response: message },
  saveMatch: { body: matchInputSchema, response: matchSchema },
  deleteMatch: { params: matchParamSchema, response: message },
  listMaps: { response: mapListSchema },
  createMap: { body: createMapInputSchema, response: mapSchema, status: 201 },
  deleteMap: { params: idParamSchema, response: message },
  saveMatchMaps: { body: matchMapsInputSchema, response: matchMapsSchema },
  listMatchMaps: { response: matchMapsListSchema },
  adminListUsers: { query: adminUserListQuerySchema, response: adminUserPageSchema },
  adminListPosts: { query: adminListQuerySchema, response: adminPostPageSchema },
  adminListComments: { query: adminListQuerySchema, response: adminCommentPageSchema },
  adminDeleteUser: { params: idParamSchema, response: message },
  adminDeletePost: { params: idParamSchema, response: message },
  adminDeleteComment: { params: idParamSchema, response: message },
  adminListAudit: { query: auditQuerySchema, response: auditPageSchema },
  getWeather: { query: weatherQuerySchema, response: weatherSchema },
  getNews: { query: newsQuerySchema, response: newsSchema },
  listNotifications: { query: notificationListQuerySchema, response: notificationPageSchema },
  readNotifications: { body: readNotificationsInputSchema, response: unreadNotificationsSchema },
  getNotificationSettings: { response: notificationSettingsSchema },
  updateNotificationSettings: {
    body: notificationSettingsUpdateSchema,
    response: notificationSettingsSchema,
  },
  updatePost: { params: idParamSchema, body: updatePostInputSchema, response: postSchema },
  updateComment: { params: idParamSchema, body: updateCommentInputSchema, response: commentSchema },
  ...safetyContract,
  ...securityContract,
  ...pushContract,
} satisfies { [K in ApiOperation]: SchemasOf<K> };
