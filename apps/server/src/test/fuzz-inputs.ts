/**
 * Hostile inputs for the schema-driven fuzz, and the few facts about an OpenAPI document it and
 * the guards' test need. Fixed lists rather than random ones, so a failure is reproduced by
 * running it again.
 */

export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  pathParams: string[];
  query: { name: string; required: boolean }[];
  body: JsonSchema | null;
  /** The statuses the description lists for it. */
  statuses: number[];
  /** What the description says each status means. */
  answers: Record<string, string>;
  /** Its security requirements: one of them must be met, and an empty one is anyone. */
  security: Record<string, string[]>[];
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, { description?: string }>;
        security?: Record<string, string[]>[];
      }
    >
  >;
};

/** Every operation the document lists, with where its inputs go. */
export function operationsOf(document: unknown): Operation[] {
  const { paths } = document as OpenApiDocument;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const parameters = op.parameters ?? [];
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        statuses: Object.keys(op.responses ?? {}).map(Number),
        answers: Object.fromEntries(
          Object.entries(op.responses ?? {}).map(([status, { description }]) => [
            status,
            description ?? '',
          ]),
        ),
        security: op.security ?? [],
      };
    }),
  );
}

/** A plausible value for a field the test has no better value for. */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return sampleOf(schema.anyOf[0]);
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'boolean') return true;
  return 'fuzz-value';
}

const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const time = '2020-01-01T00:00:00.000000Z';

const HUGE = 'x'.repeat(100_000);
/** The worst case of the old e-mail pattern: it backtracked quadratically on dots after the @. */
const REGEX_BOMB = `a@${'.'.repeat(100_000)}@`;

/** Values for any one field, in a JSON body or (as text) in a query or a path. */
export const FIELD_VALUES: unknown[] = [
  // Wrong types and shapes.
  12345,
  true,
  null,
  [],
  {},
  ['a', 'b'],
  { $gt: '' },
  '',
  '   ',
  // Huge and poisoned text.
  HUGE,
  REGEX_BOMB,
  'a\u0000b',
  '\u0000',
  '\ud800',
  "' OR 1=1 --",
  // Ids PostgreSQL's int4 cannot hold, and other numbers that are not ids.
  2 ** 31,
  -1,
  0,
  1.5,
  1e300,
  2 ** 53,
  '2147483648',
  '-1',
  '1e300',
  'abc',
  'NaN',
  'Infinity',
  '0x10',
  // Cursors that JavaScript reads but PostgreSQL refuses, and plain damage.
  cursor({ t: '1', id: 1 }),
  cursor({ t: '2020-02-30T00:00:00Z', id: 1 }),
  cursor({ t: time, id: 3e9 }),
  cursor({ t: time, id: -1 }),
  cursor(null),
  'garbage',
];

/** Raw path segments that no value above produces once encoded. */
export const PATH_SEGMENTS = ['%00', '%ZZ', '%2e%2e', 'a'.repeat(500), '%E0%A4%A'];

type RawBody = { contentType: string; payload: string };

const boundary = '----fuzz';
const part = (name: string, extra = '') =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n`;

/** Whole bodies: wrong content types, malformed JSON, broken multipart, too large. */
export const RAW_BODIES: RawBody[] = [
  ...['{', '{"a":', '[1,', 'nul', '"\\ud800"', '{"a":1}}', '[]', '"text"', '1', 'null'].map(
    (payload) => ({ contentType: 'application/json', payload }),
  ),
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"isAdmin":1}}}' },
  { contentType: 'application/json', payload: `${'['.repeat(200_000)}${']'.repeat(200_000)}` },
  { contentType: 'application/json', payload: JSON.stringify({ a: 'x'.repeat(2_000_000) }) },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: 'plain text' },
  { contentType: 'application/xml', payload: '<a/>' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  { contentType: 'multipart/form-data', payload: 'no boundary' },
  { contentType: 'multipart/form-data; boundary=', payload: 'empty boundary' },
  { contentType: `multipart/form-data; boundary=${boundary}`, payload: 'garbage' },
  {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `${part('image', '; filename="a.png"\r\nContent-Type: image/png')}\x89PNG`,
  },
  {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `${part('bio')}cut short`,
  },
  {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `${part('__proto__')}x\r\n--${boundary}--\r\n`,
  },
  {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `${part('fullName')}a\u0000b\r\n${part('age')}1e300\r\n--${boundary}--\r\n`,
  },
];

/** Forged credentials, added to each request (the member's own token stays where they differ). */
export const HEADER_SETS: Record<string, string>[] = [
  { 'access-token': 'garbage' },
  { 'access-token': 'a.b.c' },
  { 'access-token': 'x'.repeat(10_000) },
  { authorization: 'Bearer' },
  { authorization: `Bearer ${'x'.repeat(10_000)}` },
  { cookie: 'refresh_token=garbage' },
  { cookie: `refresh_token=${'x'.repeat(4_000)}` },
  { cookie: 'refresh_token=%00; refresh_token=%ZZ' },
];
