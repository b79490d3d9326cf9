import { z } from 'zod';
import { textInput } from './primitives';
import { WEATHER_CONDITIONS, WIDGET_LIMITS, WIDGET_MESSAGES } from './widgets-texts';

/** GET /weather: `city` omitted → the member's last city, else the server's default. */
export const weatherQuerySchema = z.object({
  city: textInput({ error: WIDGET_MESSAGES.enterCity })
    .trim()
    .min(1, WIDGET_MESSAGES.enterCity)
    .max(WIDGET_LIMITS.cityMax, WIDGET_MESSAGES.enterCity)
    .optional(),
});

/**
 * SPEC §3 weather: temperature (°C), humidity (%), description and main condition. `city` is the
 * place the geocoder found (its own spelling), `isDefault` whether it is the server's default
 * city rather than one the member typed (SPEC §7: the default city is not shown as typed text).
 */
export const weatherSchema = z.object({
  city: z.string(),
  country: z.string().nullable(),
  temperature: z.number(),
  humidity: z.number().nullable(),
  description: z.string(),
  main: z.enum(WEATHER_CONDITIONS),
  isDefault: z.boolean(),
});
export type Weather = z.infer<typeof weatherSchema>;

/** GET /news: `q` filters the feed's titles (or queries the news API); 'world news' when empty. */
export const newsQuerySchema = z.object({
  q: textInput().trim().max(WIDGET_LIMITS.newsQueryMax).optional(),
});

/** SPEC §3 news item: plain-text title, an http(s) link, an http(s) image or null. */
const newsItemSchema = z.object({
  title: z.string(),
  link: z.string(),
  image_url: z.string().nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsSchema = z.object({ items: z.array(newsItemSchema) });
