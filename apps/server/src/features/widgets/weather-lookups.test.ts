import { ERROR_CODES } from '@devplay/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../plugins/account-limits';
import { ROUTE_LIMITS } from '../../plugins/route-limits';
import { createTestApp, type Client, type TestContext } from '../../test/app';
import { createMember } from '../../test/factories';
import { startWidgetStubs, STUB_UNKNOWN_CITY, type WidgetStubs } from '../../test/widget-stubs';

const { max } = ACCOUNT_LIMITS.weatherLookups;

let stubs: WidgetStubs;
let ctx: TestContext;

beforeAll(async () => {
  stubs = await startWidgetStubs();
  ctx = await createTestApp({ ...stubs.config, rateLimits: true, thirdPartyTimeoutMs: 5_000 });
});
afterAll(async () => {
  await ctx.app.close();
  await stubs.close();
});
beforeEach(() => {
  stubs.modes.weather = 'ok';
  stubs.latencyMs.weather = 0;
  stubs.resetCalls();
});

let cityCount = 0;
/** A city no test asked for yet, so the cache cannot answer it. */
const freshCity = (tag = 'Lookup') => `${tag} ${++cityCount}`;
const weatherIn = (client: Client) => (city: string) =>
  client.get(`/weather?city=${encodeURIComponent(city)}`);

describe('Open-Meteo calls for the weather widget', () => {
  it('asks once for a new city however many ask for it at once, and counts one lookup', async () => {
    const member = await createMember(ctx);
    const city = freshCity();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => weatherIn(member.client)(city)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(stubs.calls).toMatchObject({ geocoding: 1, forecast: 1 });
  });

  it('shares a failure between those waiting for it, and keeps none', async () => {
    const member = await createMember(ctx);
    const city = freshCity();
    stubs.modes.weather = 'error';
    // A failure is kept by nobody: one answered before the last request arrives starts another.
    stubs.latencyMs.weather = 300;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => weatherIn(member.client)(city)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 502));
    expect(stubs.calls.geocoding).toBe(1);
    stubs.modes.weather = 'ok';
    stubs.latencyMs.weather = 0;
    expect((await weatherIn(member.client)(city)).statusCode).toBe(200);
    expect(stubs.calls.geocoding).toBe(2);
  });

  it(`lets one member make the server look up ${max} new cities an hour; cached ones stay free`, async () => {
    const member = await createMember(ctx);
    const ask = weatherIn(member.client);
    const unknown = `${STUB_UNKNOWN_CITY} ${freshCity()}`;
    expect((await ask(unknown)).statusCode).toBe(404);
    const known = freshCity();
    expect((await ask(known)).statusCode).toBe(200);

    // Under the route's own limit per member a minute, which would otherwise answer first.
    const tries = ROUTE_LIMITS['GET /weather']!.perMember!.max - 10;
    const statuses: number[] = [];
    for (let i = 0; i < tries; i++) statuses.push((await ask(freshCity('Tour'))).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(max - 2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(tries - (max - 2));
    expect(stubs.calls.geocoding).toBe(max);

    const refused = await ask(freshCity());
    expect(refused.json()).toEqual({
      message: 'Too many requests. Please try again later.',
      code: ERROR_CODES.rateLimited,
    });
    // What is cached costs no call, so it is answered past the limit, the city not found too.
    expect((await ask(known)).statusCode).toBe(200);
    expect((await ask(unknown)).statusCode).toBe(404);
    expect(stubs.calls.geocoding).toBe(max);
    // The limit is the member's own, even for a city they ask for at the same moment as another.
    const other = await createMember(ctx);
    const both = freshCity();
    const [mine, theirs] = await Promise.all([ask(both), weatherIn(other.client)(both)]);
    expect([mine.statusCode, theirs.statusCode]).toEqual([429, 200]);
  }, 60_000);
});
