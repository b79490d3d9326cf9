import { LIMITS } from './constants';
import { USERNAME_CHARS } from './schemas/auth-messages';

/** At most this many distinct members are told of one item's mentions (API.md "Safety."). */
export const MENTIONS_MAX = 10;

/**
 * `@name`: the `@` at the start or after a character that is not a word's (so the `@` of
 * `ada@example.com` is not one), then a username's characters, as many as follow. A run longer
 * than a username can be is no mention, and trailing dots and dashes end a sentence, not a name
 * ("thanks @ada."). Every quantifier is bounded by the text, and nothing backtracks past a run.
 */
const MENTION = new RegExp(`(?<!\\w)@([${USERNAME_CHARS}]+)`, 'g');
const TYPING = new RegExp(`(?:^|\\W)@([${USERNAME_CHARS}]*)$`);
const TRAILING = /[.-]+$/;

/** A run of text, or a mention of `username` (as written) whose text is `@username`. */
export type TextPart = { text: string; username?: string };

/** The name a run after `@` names, or null when it cannot be a username. */
function nameOf(run: string): string | null {
  const name = run.replace(TRAILING, '');
  return name.length >= LIMITS.usernameMin && name.length <= LIMITS.usernameMax ? name : null;
}

/** Each mention in `text`, in order: its name and where its `@` is. */
function* mentionsIn(text: string): Generator<{ name: string; at: number }> {
  if (!text.includes('@')) return;
  for (const match of text.matchAll(MENTION)) {
    const name = nameOf(match[1]!);
    if (name) yield { name, at: match.index };
  }
}

/** The text cut into plain runs and mentions, for links to be drawn without any markup. */
export function mentionParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const { name, at } of mentionsIn(text)) {
    if (at > from) parts.push({ text: text.slice(from, at) });
    parts.push({ text: `@${name}`, username: name });
    from = at + name.length + 1;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}

/**
 * The distinct names mentioned, lower-cased as usernames compare (unique whatever their case), in
 * order of appearance, the first `MENTIONS_MAX` only: a text full of `@` costs one bounded pass.
 */
export function mentionedNames(text: string): string[] {
  const names = new Set<string>();
  for (const { name } of mentionsIn(text)) {
    names.add(name.toLowerCase());
    if (names.size === MENTIONS_MAX) break;
  }
  return [...names];
}

/**
 * The name being typed just before `caret`, for an autocomplete: `@` at a mention's start, then
 * username characters up to the caret (none yet is a query too). Null when the caret is not in one.
 */
export function mentionQueryAt(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  // Room for the longest name, its `@` and the character before: what decides where one starts.
  const before = text.slice(Math.max(0, caret - LIMITS.usernameMax - 2), caret);
  const match = TYPING.exec(before);
  if (!match || match[1]!.length > LIMITS.usernameMax) return null;
  return { start: caret - match[1]!.length - 1, query: match[1]! };
}
