import type { ReactNode } from 'react';
import { splitLinks } from './split-links';

/**
 * Text as written, its http(s) addresses made links that open in a new tab and pass on no
 * standing (`nofollow ugc`). Everything else stays text: React escapes it, nothing is read as HTML.
 */
export function LinkedText({ text }: { text: string }): ReactNode {
  return splitLinks(text).map((part, index) =>
    part.href ? (
      <a key={index} href={part.href} target="_blank" rel="noopener nofollow ugc">
        {part.text}
      </a>
    ) : (
      part.text
    ),
  );
}
