import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/app';
import { rowsOf } from './test/database';
import { createMember, type Member } from './test/factories';
import { insertMembers } from './test/migrations';

// Every whole number the API reads, walked off its published description: an id or index in a
// path, a number in a query, an integer in a JSON body. Each refuses what only reads as a number
// (400 naming the field) and the database stays exactly as it was. Rows 1, 4, 10 and 16 exist in
// every table an id names, so a value read as one of those would have acted on something.

/** Text that a lenient reading takes for 1, 4, 10 or 16: in a path or a query, digits only. */
const TEXT_VALUES = ['0x10', '4.0', ' 4', '4 ', '+4', '-4', '1e1', 'true', '4,0', '\u0664'];
/** In a JSON body, an integer is a JSON integer. */
const JSON_VALUES = [true, [4], '0x10', '4.0', ' 4', '+4', '4', '16', 4.5, { id: 4 }];

type Schema = {
  type?: string;
  nullable?: boolean;
  anyOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
};
type Parameter = { in: string; name: string; schema?: Schema };
type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      }
    >
  >;
};

const isInteger = (schema?: Schema): boolean =>
  schema?.type === 'integer' || (schema?.anyOf ?? []).some(isInteger);

/** Values that pass for the fields around the one refused, so the refusal is that field's. */
const VALID: Record<string, unknown> = {
  ...{ id: 4, postId: 4, post_id: 4, userId: 4, user_id: 4, receiverId: 4, matchId: 4 },
  ...{ round: 'round1', index: 0, matchIndex: 0, year: 2030, limit: 5, text: 'hello' },
  ...{ map1: 4, map2: 10, map3: 16, ids: [4], username: 'm4', date: '2031-01-06' },
  // A report and its resolution; 'spam' is a report's reason and a suspension's too.
  ...{ targetType: 'post', targetId: 4, reason: 'spam', action: 'suspend', note: 'spam', days: 7 },
};

type Probe = { label: string; field: string; method: string; url: string; body?: unknown };

/** One probe per hostile value of each integer input; the other inputs valid. */
function probesOf(document: Document): Probe[] {
  const probes: Probe[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [lower, op] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      const parameters = op.parameters ?? [];
      const schema = op.requestBody?.content?.['application/json']?.schema;
      const fields = Object.entries(schema?.properties ?? {});
      const body =
        schema && Object.fromEntries(fields.map(([name]) => [name, VALID[name] ?? null]));
      const inPath = Object.fromEntries(
        parameters.filter((p) => p.in === 'path').map((p) => [p.name, String(VALID[p.name])]),
      );
      const url = (values: Record<string, string>, query = '') =>
        path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]!)) + query;
      const add = (field: string, shown: unknown, target: string, sent = body) =>
        probes.push({
          label: `${method} ${path} ${field}=${JSON.stringify(shown)}`,
          field,
          method,
          url: target,
          ...(sent && { body: sent }),
        });
      for (const { name, in: where } of parameters.filter((p) => isInteger(p.schema)))
        for (const value of TEXT_VALUES)
          add(
            name,
            value,
            where === 'path'
              ? url({ ...inPath, [name]: value })
              : url(inPath, `?${name}=${encodeURIComponent(value)}`),
          );
      for (const [name, type] of fields) {
        const list = type.type === 'array' && isInteger(type.items);
        if (!list && !isInteger(type)) continue;
        for (const value of JSON_VALUES)
          add(name, value, url(inPath), { ...body, [name]: list ? [value] : value });
      }
    }
  }
  return probes;
}

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false, adminEmails: new Set(['ints@example.com']) });
  admin = await createMember(ctx, { email: 'ints@example.com' });
  // Members 2 to 16 (m1 to m15) beside the admin, and rows 1 to 16 of each thing an id names:
  // given their ids, as a copied database's sequences may have skipped some.
  await ctx.app.db.execute(sql.raw(insertMembers(15)));
  const rows = (table: string, columns: string, values: string) => `
    insert into ${table} (id, ${columns}) overriding system value
      select g, ${values} from generate_series(1, 16) g on conflict do nothing;
    select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}));`;
  await ctx.app.db.execute(
    sql.raw(
      [
        rows('posts', 'author_id, title, description, video', `${admin.id}, 'Post', 'Text', 'v'`),
        rows('comments', 'post_id, user_id, text', `g, ${admin.id}, 'hi'`),
        rows('messages', 'sender_id, receiver_id, text', `${admin.id}, g % 15 + 2, 'hi'`),
        rows('maps', 'name', `'Extra map ' || g`),
        `insert into tournament_participants (user_id) values (2), (3);`,
      ].join('\n'),
    ),
  );
  expect(admin.id).toBe(1);
});
afterAll(() => ctx.app.close());

/** A digest of every table's rows: equal digests, nothing written. */
async function digest() {
  const tables = await rowsOf<{ name: string }>(
    ctx.app.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const parts = await Promise.all(
    tables.map(async ({ name }) => {
      const [row] = await rowsOf<{ md5: string }>(
        ctx.app.db,
        sql`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as md5
          from ${sql.identifier(name)} t`,
      );
      return `${name}:${row!.md5}`;
    }),
  );
  return parts;
}

describe('whole numbers the API reads', () => {
  it('refuse anything but digits in a URL and JSON integers in a body, changing nothing', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as Document;
    const probes = probesOf(document);
    const labels = new Set(probes.map((probe) => probe.label.split(' ').slice(0, 2).join(' ')));
    // The operations the brief names among them, so the walk cannot silently find none.
    expect([...labels]).toEqual(
      expect.arrayContaining(['POST /api/tournament-users', 'DELETE /api/maps/{id}']),
    );
    const before = await digest();
    const wrong: string[] = [];
    for (const probe of probes) {
      const response = await ctx.app.inject({
        method: probe.method as 'GET',
        url: probe.url,
        headers: { 'access-token': admin.token },
        ...(probe.body !== undefined && { payload: probe.body as object }),
      });
      const answer = response.json() as { code?: string; field?: string };
      if (response.statusCode !== 400 || answer.field !== probe.field)
        wrong.push(`${probe.label}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(await digest()).toEqual(before);
  });

  it('still read plain digits and JSON integers', async () => {
    const map = await admin.client.delete('/maps/16');
    expect(map.statusCode).toBe(200);
    const added = await admin.client.post('/tournament-users', { userId: 1 });
    expect(added.statusCode).toBe(201);
    expect((await admin.client.get('/posts?limit=007')).json().items).toHaveLength(7);
  });

  it('refuse an age in the profile form that is not digits', async () => {
    for (const age of ['0x10', '4.0', ' 4', '+4', '1e1']) {
      const response = await admin.client.form('PUT', '/me', {
        username: admin.username,
        fullName: 'Int Tester',
        age,
        bio: 'Counts carefully.',
      });
      expect(response.statusCode, age).toBe(400);
      expect(response.json().field).toBe('age');
    }
  });
});
