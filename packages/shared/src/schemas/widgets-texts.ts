// Kept apart from the schemas so code that only needs these does not pull in zod.
/** SPEC §5 and §8 texts of the home page's weather and news widgets, verbatim. */
export const WIDGET_MESSAGES = {
  enterCity: 'Please enter a city',
  weatherFailed: 'Failed to fetch weather data',
  cityNotFound: 'City not found. Check the spelling and try again.',
  newsFailed: 'Failed to fetch news',
  noNews: 'No news found.',
} as const;

export const WIDGET_LIMITS = {
  cityMax: 100,
  newsQueryMax: 100,
  /** SPEC §4 and §9: the news carousel advances every 10 s. */
  newsCarouselMs: 10_000,
} as const;

/** SPEC §7: the news service is queried by text, 'world news' when none is given. */
export const DEFAULT_NEWS_QUERY = 'world news';

/** The main conditions the widget has an icon for (WMO codes grouped). */
export const WEATHER_CONDITIONS = [
  'Clear',
  'Clouds',
  'Fog',
  'Drizzle',
  'Rain',
  'Snow',
  'Thunderstorm',
] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];
