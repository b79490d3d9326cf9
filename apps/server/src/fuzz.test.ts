import { apiErrorSchema } from '@devplay/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, type TestContext } from './test/app';
import { createMember, publish, YOUTUBE_WATCH, type Member } from './test/factories';
import { startWidgetStubs, type WidgetStubs } from './test/widget-stubs';
import {
  FIELD_VALUES,
  HEADER_SETS,
  operationsOf,
  PATH_SEGMENTS,
  RAW_BODIES,
  sampleOf,
  type Operation,
} from './test/fuzz-inputs';

// Every operation the OpenAPI document lists, fed hostile input one field at a time (and whole
// malformed bodies), must answer a 4xx in the DESIGN §4 shape, never a 5xx, and only with a status
// the document lists for it.

type Probe = { label: string; options: InjectOptions };

/**
 * What any route answers to a request broken below the route's own inputs, which the description
 * says once (plugins/docs.ts) rather than per route: an unreadable body (400), one over the body
 * limit (413) or of a type the route does not read (415); a path segment the router cannot decode
 * (400), one longer than it reads (414), or one that leads to no route at all (404).
 */
const TRANSPORT_ANSWERS: Record<string, number[]> = { raw: [400, 413, 415], path: [400, 404, 414] };

/** Whether the description lists the status a probe got (its label starts with the probe's kind). */
function isDescribed(op: Operation, label: string, status: number) {
  const kind = label.slice(`${op.method} ${op.path} `.length).split(' ')[0]!;
  return op.statuses.includes(status) || (TRANSPORT_ANSWERS[kind] ?? []).includes(status);
}

/** These end the member's session or account: they run last, so the rest is fuzzed signed in. */
const LAST = ['POST /api/logout', 'DELETE /api/me'];

const show = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value));
  return text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text;
};

/** DESIGN §4, exactly: `{ message, code, field? }` and nothing else. */
function isErrorBody(body: string) {
  try {
    return apiErrorSchema.strict().safeParse(JSON.parse(body)).success;
  } catch {
    return false; // Not JSON at all.
  }
}

/** Percent-encoding; a lone surrogate has no UTF-8 form, so it goes as the bytes a careless client sends. */
function encode(value: string) {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\ud800-\udfff]/g, '%ED%A0%80');
  }
}

function queryString(query: Record<string, unknown>) {
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (item) =>
        `${encode(name)}=${encode(typeof item === 'object' ? JSON.stringify(item) : String(item))}`,
    ),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** Valid values by field name, so that one hostile field at a time gets as deep as it can. */
function validValues(member: Member, peer: Member, postId: number): Record<string, unknown> {
  return {
    ...{ id: postId, postId, post_id: postId, user_id: peer.id, userId: peer.id },
    ...{ receiverId: peer.id, username: peer.username, userName: peer.username },
    ...{ email: member.email, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD },
    ...{ newPassword: STRONG_PASSWORD, code: '123456', title: 'Fuzzed title', text: 'hello' },
    ...{ description: 'Fuzzed description', video: YOUTUBE_WATCH, image: null, amount: 1 },
    ...{ note: 'fuzz', idempotencyKey: 'fuzz-key-0001' },
  };
}

function probesFor(op: Operation, valid: Record<string, unknown>): Probe[] {
  const pathValues = Object.fromEntries(
    op.pathParams.map((name) => [name, encode(String(valid[name]))]),
  );
  const baseQuery = Object.fromEntries(
    op.query.filter((q) => q.required).map((q) => [q.name, valid[q.name]]),
  );
  const properties = Object.entries(op.body?.properties ?? {});
  const baseBody = Object.fromEntries(
    properties.map(([name, schema]) => [name, name in valid ? valid[name] : sampleOf(schema)]),
  );
  const probe = (
    label: string,
    {
      path = pathValues,
      query = baseQuery,
      body = op.body ? baseBody : undefined,
      raw,
    }: {
      path?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
      raw?: (typeof RAW_BODIES)[number];
    },
  ): Probe => {
    const url =
      op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? '') + queryString(query);
    const payload = raw
      ? { payload: raw.payload, headers: { 'content-type': raw.contentType } }
      : body === undefined
        ? {}
        : { payload: body as object };
    return {
      label: `${op.method} ${op.path} ${label}`,
      options: { method: op.method, url, ...payload },
    };
  };

  const probes: Probe[] = [];
  for (const name of op.pathParams) {
    const segments = [...FIELD_VALUES.map((v) => encode(String(v))), ...PATH_SEGMENTS];
    for (const segment of segments) {
      probes.push(
        probe(`path ${name}=${show(segment)}`, { path: { ...pathValues, [name]: segment } }),
      );
    }
  }
  for (const { name } of op.query) {
    for (const value of FIELD_VALUES) {
      probes.push(
        probe(`query ${name}=${show(value)}`, { query: { ...baseQuery, [name]: value } }),
      );
    }
  }
  for (const [name] of properties) {
    for (const value of FIELD_VALUES) {
      probes.push(probe(`body ${name}=${show(value)}`, { body: { ...baseBody, [name]: value } }));
    }
    const { [name]: _, ...without } = baseBody;
    probes.push(probe(`body without ${name}`, { body: without }));
  }
  for (const headers of HEADER_SETS) {
    const { label, options } = probe(`headers ${show(headers)}`, {});
    probes.push({ label, options: { ...options, headers } });
  }
  for (const raw of RAW_BODIES) {
    probes.push(probe(`raw ${raw.contentType} ${show(raw.payload)}`, { raw }));
  }
  return probes;
}

describe.each([
  ['rate limits off, so the fuzz reaches the handlers', false],
  ['rate limits on', true],
])('the OpenAPI fuzz, %s', (_, rateLimits) => {
  let ctx: TestContext;
  // Weather and news answer from local stubs: a third party's failure is a 502/504 by design,
  // and the fuzz is about what the server does with hostile input.
  let stubs: WidgetStubs;
  beforeAll(async () => {
    stubs = await startWidgetStubs();
    ctx = await createTestApp({ rateLimits, ...stubs.config });
  });
  afterAll(async () => {
    await ctx.app.close();
    await stubs.close();
  });

  it('answers every hostile request with a 4xx in the error shape, and stays up', async () => {
    const member = await createMember(ctx);
    const peer = await createMember(ctx);
    const { id: postId } = await publish(ctx, member.client);
    const valid = validValues(member, peer, postId);
    const operations = operationsOf(ctx.app.swagger()).sort(
      (a, b) => LAST.indexOf(`${a.method} ${a.path}`) - LAST.indexOf(`${b.method} ${b.path}`),
    );
    expect(operations.length).toBeGreaterThan(30);

    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const op of operations) {
      expect(op.statuses, `${op.method} ${op.path}`).not.toEqual([]);
      for (const { label, options } of probesFor(op, valid)) {
        // Signed in as a confirmed member; with limits on, anonymous (the limiter's own path).
        const headers = rateLimits ? {} : { 'access-token': member.token };
        const response = await ctx.app.inject({
          ...options,
          headers: { ...headers, ...options.headers },
        });
        sent++;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) {
          problems.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        } else if (response.statusCode >= 400 && !isErrorBody(response.body)) {
          problems.push(`${label}: ${response.statusCode} body ${response.body.slice(0, 200)}`);
        } else if (!isDescribed(op, label, response.statusCode)) {
          problems.push(`${label}: ${response.statusCode} is not in the description`);
        }
      }
    }
    console.log(
      `fuzz (${rateLimits ? 'limits on' : 'limits off'}): ${sent} requests over ` +
        `${operations.length} operations; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(problems).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // Thousands of requests, growing with every route: well past the default 30 s on a busy
    // machine running the other files alongside.
  }, 120_000);
});
