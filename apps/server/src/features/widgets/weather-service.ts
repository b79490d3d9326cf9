import { ERROR_CODES, WIDGET_MESSAGES, type Weather } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { TtlCache } from './cache';
import { fetchJson, UpstreamError } from './upstream';
import { describeWeatherCode } from './wmo';

/** A city's weather is fetched at most once per 10 minutes. */
export const WEATHER_TTL_MS = 10 * 60 * 1000;

export type WeatherSources = { geocodingUrl: string; forecastUrl: string; timeoutMs: number };
/** A cached answer: the weather, or that the geocoder knows no such city. */
export type CachedWeather = Omit<Weather, 'isDefault'> | { unknownCity: true };

// Only what the widget reads; anything else in the answers is ignored, anything missing fails.
const geocodingSchema = z.object({
  results: z
    .array(
      z.object({
        name: z.string(),
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        country: z.string().optional(),
      }),
    )
    .optional(),
});
const forecastSchema = z.object({
  current: z.object({
    temperature_2m: z.number(),
    relative_humidity_2m: z.number().nullable().optional(),
    weather_code: z.number().int(),
  }),
});

function parsed<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new UpstreamError('failed', `${what}: unexpected answer`);
  return result.data;
}

/** Open-Meteo: the city's coordinates, then its current weather. */
async function fetchWeather(sources: WeatherSources, city: string): Promise<CachedWeather> {
  const search = new URL(sources.geocodingUrl);
  search.search = new URLSearchParams({
    name: city,
    count: '1',
    language: 'en',
    format: 'json',
  }).toString();
  const places = parsed(geocodingSchema, await fetchJson(search, sources.timeoutMs), 'geocoding');
  const place = places.results?.[0];
  if (!place) return { unknownCity: true };

  const forecast = new URL(sources.forecastUrl);
  forecast.search = new URLSearchParams({
    latitude: String(place.latitude),
    longitude: String(place.longitude),
    current: 'temperature_2m,relative_humidity_2m,weather_code',
    timezone: 'auto',
  }).toString();
  const { current } = parsed(
    forecastSchema,
    await fetchJson(forecast, sources.timeoutMs),
    'forecast',
  );
  return {
    city: place.name,
    country: place.country ?? null,
    temperature: Math.round(current.temperature_2m * 10) / 10,
    humidity: current.relative_humidity_2m ?? null,
    ...describeWeatherCode(current.weather_code),
  };
}

/** One spelling per city for the cache: ' new  York' and 'New York' are one entry. */
const cacheKey = (city: string) => city.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A city's weather, from the cache or Open-Meteo. `beforeLookup` runs only when this caller would
 * make the server ask Open-Meteo (the city is neither cached nor being asked for already): a
 * member's lookups are counted, and refused past their limit, there.
 */
export async function weatherFor(
  sources: WeatherSources,
  cache: TtlCache<CachedWeather>,
  city: string,
  beforeLookup: () => Promise<void>,
): Promise<Omit<Weather, 'isDefault'>> {
  const answer = await cache.getOrLoad(
    cacheKey(city),
    () => fetchWeather(sources, city),
    beforeLookup,
  );
  if ('unknownCity' in answer) {
    throw new AppError(404, ERROR_CODES.cityNotFound, WIDGET_MESSAGES.cityNotFound);
  }
  return answer;
}

/** The city the member's widget last showed, if they ever typed one. */
export async function lastCityOf(db: Db, userId: number) {
  const [row] = await db
    .select({ city: users.weatherCity })
    .from(users)
    .where(eq(users.id, userId));
  return row?.city ?? null;
}

export async function rememberCity(db: Db, userId: number, city: string) {
  await db.update(users).set({ weatherCity: city }).where(eq(users.id, userId));
}
