// Kept apart from the schemas so code that only needs these does not pull in zod.
/** SPEC §2 and §8 texts for subscriptions, verbatim. */
export const FOLLOW_MESSAGES = {
  noSubscribers: "You don't have any subscribers yet.",
  noSubscriptions: 'You are not subscribed to anyone yet.',
  popupNoSubscribers: 'No subscribers',
  popupNoSubscriptions: 'No subscriptions',
  errorLoadingSubscriptions: 'Error loading subscriptions',
  errorLoadingSubscribers: 'Error loading subscribers',
  loadingSubscriptions: 'Loading subscriptions...',
  tokenMissing: 'Error: Token missing',
  usernameMissing: 'Error: Username is missing',
  errorSubscribing: 'Error while subscribing',
  errorUnsubscribing: 'Error while unsubscribing',
  errorLoadingQuantity: 'Error loading quantity',
  selfFollow: 'You cannot subscribe to yourself',
  youAreSubscribed: 'You are subscribed',
} as const;
