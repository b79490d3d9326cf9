import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { mentionParts } from '@devplay/shared';
import { paths } from '../lib/paths';
import { splitLinks } from './split-links';

/**
 * `@username` outside addresses as a link to that profile, whether or not such a member exists
 * (the profile page says so): drawing a text asks the server nothing.
 */
const withMentions = (text: string) =>
  mentionParts(text).map((part, index) =>
    part.username ? (
      <Link key={index} to={paths.user(part.username)}>
        {part.text}
      </Link>
    ) : (
      part.text
    ),
  );

/**
 * Text as written, its http(s) addresses made links that open in a new tab and pass on no
 * standing (`nofollow ugc`), and with `mentions` (posts and comments) each `@username` a link to
 * the profile. Everything else stays text: React escapes it, nothing is read as HTML.
 */
export function LinkedText({
  text,
  mentions = false,
}: {
  text: string;
  mentions?: boolean;
}): ReactNode {
  return splitLinks(text).map((part, index) =>
    part.href ? (
      <a key={index} href={part.href} target="_blank" rel="noopener nofollow ugc">
        {part.text}
      </a>
    ) : (
      <Fragment key={index}>{mentions ? withMentions(part.text) : part.text}</Fragment>
    ),
  );
}
