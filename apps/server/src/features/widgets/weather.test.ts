import { ERROR_CODES, WIDGET_MESSAGES, type Weather } from '@devplay/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { startWidgetStubs, STUB_UNKNOWN_CITY, type WidgetStubs } from '../../test/widget-stubs';

let stubs: WidgetStubs;
let ctx: TestContext;
let member: Member;

beforeAll(async () => {
  stubs = await startWidgetStubs();
  ctx = await createTestApp({
    ...stubs.config,
    defaultCity: 'Warsaw',
    // The stubs answer at once, but a busy host may take a while to carry it.
    thirdPartyTimeoutMs: 10_000,
  });
  member = await createMember(ctx);
});
afterAll(async () => {
  await ctx.app.close();
  await stubs.close();
});
beforeEach(() => {
  stubs.modes.weather = 'ok';
  stubs.setWeatherCode(61);
  stubs.resetCalls();
});

/** Each test asks for cities of its own, so the 10-minute cache never answers for another. */
let cityCount = 0;
const freshCity = () => `Testville ${++cityCount}`;

describe('GET /weather', () => {
  it('answers 401 without a token', async () => {
    const response = await createClient(ctx.app).get('/weather?city=Berlin');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Authorization required.');
    expect(stubs.calls.geocoding).toBe(0);
  });

  it("answers 400 with the spec's text for a blank or over-long city", async () => {
    for (const city of ['%20%20', 'x'.repeat(101)]) {
      const response = await member.client.get(`/weather?city=${city}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Please enter a city', field: 'city' });
    }
    expect(stubs.calls.geocoding).toBe(0);
  });

  it('answers the city, temperature, humidity, description and main condition', async () => {
    const response = await member.client.get('/weather?city=Berlin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      city: 'Berlin',
      country: 'Germany',
      temperature: 12.3,
      humidity: 81,
      description: 'Slight rain',
      main: 'Rain',
      isDefault: false,
    } satisfies Weather);
  });

  it('maps WMO codes to a description and a main condition', async () => {
    const cases: [number, string, string][] = [
      [0, 'Clear sky', 'Clear'],
      [3, 'Overcast', 'Clouds'],
      [45, 'Fog', 'Fog'],
      [55, 'Dense drizzle', 'Drizzle'],
      [75, 'Heavy snowfall', 'Snow'],
      [99, 'Thunderstorm with heavy hail', 'Thunderstorm'],
      [42, 'Unknown conditions', 'Clouds'],
    ];
    for (const [code, description, main] of cases) {
      stubs.setWeatherCode(code);
      const response = await member.client.get(`/weather?city=${freshCity()}`);
      expect(response.json()).toMatchObject({ description, main });
    }
  });

  it('answers 404 with a clear message for a city nobody knows, and does not remember it', async () => {
    const who = await createMember(ctx);
    const response = await who.client.get(`/weather?city=${STUB_UNKNOWN_CITY}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: WIDGET_MESSAGES.cityNotFound,
      code: ERROR_CODES.cityNotFound,
    });
    expect(stubs.calls.forecast).toBe(0);
    expect((await who.client.get('/weather')).json()).toMatchObject({
      city: 'Warsaw',
      isDefault: true,
    });
  });

  it('uses the default city, not shown as typed, until the member types one; then remembers it', async () => {
    const who = await createMember(ctx);
    expect((await who.client.get('/weather')).json()).toMatchObject({
      city: 'Warsaw',
      isDefault: true,
    });
    await who.client.get('/weather?city=Paris');
    expect((await who.client.get('/weather')).json()).toMatchObject({
      city: 'Paris',
      isDefault: false,
    });
    // Another member's widget is their own.
    expect((await member.client.get('/weather')).json().city).not.toBe('Paris');
  });

  it('remembers every city the member picks, even one answered from the cache', async () => {
    const who = await createMember(ctx);
    for (const city of ['Paris', 'Berlin', 'Paris']) {
      expect((await who.client.get(`/weather?city=${city}`)).statusCode).toBe(200);
    }
    expect((await who.client.get('/weather')).json()).toMatchObject({
      city: 'Paris',
      isDefault: false,
    });
    await who.client.get('/weather?city=Berlin');
    expect((await who.client.get('/weather')).json().city).toBe('Berlin');
  });

  it('asks Open-Meteo once per city in 10 minutes, whatever the spelling', async () => {
    const city = freshCity();
    for (const spelling of [city, city.toUpperCase(), `  ${city.replace(' ', '   ')} `]) {
      expect(
        (await member.client.get(`/weather?city=${encodeURIComponent(spelling)}`)).statusCode,
      ).toBe(200);
    }
    expect(stubs.calls).toMatchObject({ geocoding: 1, forecast: 1 });
  });

  it('keeps the city it could not find for 10 minutes too', async () => {
    await member.client.get(`/weather?city=${STUB_UNKNOWN_CITY}%202`);
    await member.client.get(`/weather?city=${STUB_UNKNOWN_CITY}%202`);
    expect(stubs.calls.geocoding).toBe(1);
  });

  describe('when Open-Meteo fails', () => {
    it("answers 502 with the spec's text when it answers 500, never its own text", async () => {
      stubs.modes.weather = 'error';
      const response = await member.client.get(`/weather?city=${freshCity()}`);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        message: 'Failed to fetch weather data',
        code: ERROR_CODES.upstreamFailed,
      });
      expect(response.body).not.toContain('SECRET');
    });

    it('answers 502 for malformed JSON', async () => {
      stubs.modes.weather = 'malformed';
      const response = await member.client.get(`/weather?city=${freshCity()}`);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('Failed to fetch weather data');
    });

    it('answers 504 when it does not answer in time', async () => {
      stubs.modes.weather = 'hang';
      // It never answers: only the server's own timeout can end the wait, and says so.
      const impatient = await createTestApp({ ...stubs.config, thirdPartyTimeoutMs: 300 });
      try {
        const who = await createMember(impatient);
        const response = await who.client.get(`/weather?city=${freshCity()}`);
        expect(response.statusCode).toBe(504);
        expect(response.json()).toEqual({
          message: 'Failed to fetch weather data',
          code: ERROR_CODES.upstreamTimeout,
        });
      } finally {
        await impatient.app.close();
      }
    });

    it('answers 502 when nothing listens at all', async () => {
      const offline = await createTestApp();
      const who = await createMember(offline);
      const response = await who.client.get('/weather?city=Berlin');
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('Failed to fetch weather data');
      await offline.app.close();
    });

    it('does not keep a failure: the next call asks again and succeeds', async () => {
      const city = freshCity();
      stubs.modes.weather = 'error';
      expect((await member.client.get(`/weather?city=${city}`)).statusCode).toBe(502);
      stubs.modes.weather = 'ok';
      expect((await member.client.get(`/weather?city=${city}`)).statusCode).toBe(200);
    });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('the weather cache in Redis', () => {
  it('is shared by every server process', async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    const one = await createTestApp({ ...stubs.config, redisUrl });
    const two = await createTestApp({ ...stubs.config, redisUrl, sameDatabaseAs: one });
    try {
      const city = `Shared ${Date.now()} ${Math.random()}`;
      const a = await createMember(one);
      expect((await a.client.get(`/weather?city=${encodeURIComponent(city)}`)).statusCode).toBe(
        200,
      );
      const b = createClient(two.app);
      b.token = a.token;
      expect((await b.get(`/weather?city=${encodeURIComponent(city)}`)).statusCode).toBe(200);
      expect(stubs.calls.geocoding).toBe(1);
    } finally {
      await two.app.close();
      await one.app.close();
    }
  });
});
