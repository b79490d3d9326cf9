import { SaxesParser } from 'saxes';

/** Read at once; the pass stops at the first slice that reaches the budget. */
const SLICE_CHARS = 64 * 1024;
/** Real feeds nest a dozen levels; far deeper is an attack on the recursive parse that follows. */
const MAX_DEPTH = 64;

export type FeedBudget = {
  /** Items (RSS `item`, Atom `entry`) kept. */
  maxItems: number;
  /** Elements kept in all, header included: every element costs the feed parser time. */
  maxElements: number;
};

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();

/**
 * The start of a feed, up to its `maxItems`-th item or `maxElements`-th element, with the elements
 * still open closed again, so the feed parser reads a small, still well-formed document. The full
 * parser's cost grows with the square of the items; this streaming pass is linear and stops early.
 * It only finds where to cut: a feed it finds malformed is left for the feed parser to judge.
 */
export function feedPrefix(xml: string, budget: FeedBudget): string {
  const parser = new SaxesParser();
  const open: string[] = [];
  let items = 0;
  let elements = 0;
  let cut: string | undefined;

  parser.on('error', () => undefined);
  parser.on('opentag', (tag) => {
    if (cut !== undefined) return;
    elements++;
    if (tag.isSelfClosing) return;
    open.push(tag.name);
    if (open.length > MAX_DEPTH) throw new Error(`nested over ${MAX_DEPTH} levels`);
  });
  parser.on('closetag', (tag) => {
    if (cut !== undefined) return;
    if (!tag.isSelfClosing) open.pop();
    const name = localName(tag.name);
    if (name === 'item' || name === 'entry') items++;
    if (items >= budget.maxItems || elements >= budget.maxElements) {
      const closing = open.toReversed().map((name) => `</${name}>`);
      cut = xml.slice(0, parser.position) + closing.join('');
    }
  });

  for (let at = 0; at < xml.length && cut === undefined; at += SLICE_CHARS) {
    parser.write(xml.slice(at, at + SLICE_CHARS));
  }
  return cut ?? xml;
}
