import { Fragment } from 'react';

/**
 * A long username or address that may wrap after its `_ . - @` rather than inside a word
 * ("ada_lovelace_" / "the_first", not "ada_lovelace_the_first_o" / "ne").
 */
export function SoftBreaks({ text }: { text: string }) {
  const parts = text.split(/(?<=[_.\-@])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
