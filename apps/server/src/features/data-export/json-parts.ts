/**
 * An archive's JSON files are written as they are read, a page at a time, so a member with
 * a hundred thousand messages costs a page of memory, not all of them.
 */

/** Rows a statement reads at once. */
const PAGE_SIZE = 500;

/**
 * Every row `read` finds, a page at a time, by a key that grows along the rows (an id): each
 * page starts after the last key of the one before.
 */
export async function* pagesOf<Row>(
  read: (after: number, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => number,
): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after, PAGE_SIZE);
    if (rows.length) yield rows;
    if (rows.length < PAGE_SIZE) return;
    after = keyOf(rows.at(-1)!);
  }
}

const indent = (depth: number) => '  '.repeat(depth);
const shown = (value: unknown, depth: number) =>
  JSON.stringify(value, null, 2).replaceAll('\n', `\n${indent(depth)}`);

/** A JSON array of what the pages hold, in parts, indented as deep as it sits (0: a file). */
export async function* jsonArray(
  pages: AsyncIterable<unknown[]>,
  depth = 0,
): AsyncGenerator<string> {
  let count = 0;
  yield '[';
  for await (const page of pages) {
    yield page
      .map((item) => `${count++ ? ',' : ''}\n${indent(depth + 1)}${shown(item, depth + 1)}`)
      .join('');
  }
  const end = count ? `\n${indent(depth)}]` : ']';
  yield depth ? end : `${end}\n`;
}

/** A JSON object whose fields are arrays of pages, each written as `jsonArray` writes one. */
export async function* jsonObjectOfArrays(
  fields: Record<string, AsyncIterable<unknown[]>>,
): AsyncGenerator<string> {
  let first = true;
  yield '{';
  for (const [name, pages] of Object.entries(fields)) {
    yield `${first ? '' : ','}\n${indent(1)}${JSON.stringify(name)}: `;
    first = false;
    yield* jsonArray(pages, 1);
  }
  yield '\n}\n';
}

/** A document of one value. */
export const jsonDocument = (value: unknown) => [`${shown(value, 0)}\n`];
