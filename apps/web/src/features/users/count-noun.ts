/** A noun in both numbers: 'Subscriber' / 'Subscribers'. */
export interface Noun {
  one: string;
  other: string;
}

export const NOUNS = {
  posts: { one: 'Post', other: 'Posts' },
  // SPEC §2 calls following "subscribing": subscribers and subscriptions, everywhere.
  subscribers: { one: 'Subscriber', other: 'Subscribers' },
  subscriptions: { one: 'Subscription', other: 'Subscriptions' },
} as const satisfies Record<string, Noun>;

/** The noun that goes with a count in English: 1 Subscriber, 0 or 2 Subscribers. */
export const nounFor = (count: number, noun: Noun): string => (count === 1 ? noun.one : noun.other);
