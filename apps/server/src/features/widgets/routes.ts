import { WIDGET_MESSAGES, type NewsItem } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { ACCOUNT_LIMITS } from '../../plugins/account-limits';
import { currentUser } from '../../plugins/auth';
import { createTtlCache } from './cache';
import { NEWS_TTL_MS, newsFor } from './news-service';
import { UpstreamError, upstreamFailure } from './upstream';
import {
  lastCityOf,
  rememberCity,
  WEATHER_TTL_MS,
  weatherFor,
  type CachedWeather,
} from './weather-service';

const tags = ['widgets'];
const lookups = ACCOUNT_LIMITS.weatherLookups;
const security = SECURITY.member;

/**
 * The home page's weather and news (SPEC §2, §3). The browser never calls a third party:
 * the server does, with a timeout, caches the answers, and turns any failure into the widget's
 * own text (SPEC §8), never the third party's.
 */
const widgetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const weatherCache = createTtlCache<CachedWeather>({
    name: 'weather',
    ttlMs: WEATHER_TTL_MS,
    redis: app.redis,
    log: app.log,
  });
  const newsCache = createTtlCache<NewsItem[]>({
    name: 'news',
    ttlMs: NEWS_TTL_MS,
    redis: app.redis,
    log: app.log,
  });

  /** Upstream trouble is logged with its detail and answered with the spec's text alone. */
  const failedWith = (message: string) => (error: unknown) => {
    if (error instanceof AppError || !(error instanceof UpstreamError)) throw error;
    app.log.warn({ err: error }, 'third-party call failed');
    throw upstreamFailure(error, message);
  };

  route(
    app,
    'getWeather',
    {
      summary: 'The current weather in a city',
      description: `From Open-Meteo, cached 10 minutes per city; a member may make the server look up ${lookups.max} cities it has not cached per ${lookups.windowMinutes} minutes. \`city\` omitted: the caller's last city, else the server's default (\`isDefault\` true, which the widget does not show as typed text). A city found is remembered as the caller's last.`,
      tags,
      security,
      errors: errorResponses(400, 401, 502, 504, {
        404: 'No city of that name (`CITY_NOT_FOUND`).',
        429: 'The member made the server look up too many cities it had not cached lately (`RATE_LIMITED`).',
      }),
    },
    async (request) => {
      const user = currentUser(request);
      const typed = request.query.city;
      const remembered = typed ? null : await lastCityOf(app.db, user.id);
      const city = typed ?? remembered ?? config.defaultCity;
      const weather = await weatherFor(
        {
          geocodingUrl: config.geocodingApiUrl,
          forecastUrl: config.weatherApiUrl,
          timeoutMs: config.thirdPartyTimeoutMs,
        },
        weatherCache,
        city,
        () => app.accountLimits.consume('weatherLookups', user.id),
      ).catch(failedWith(WIDGET_MESSAGES.weatherFailed));
      if (typed && typed !== user.weatherCity) {
        await rememberCity(app.db, user.id, typed);
        await app.memberChanged(user.id, { inFeeds: false });
      }
      return { ...weather, isDefault: !typed && !remembered };
    },
  );

  route(
    app,
    'getNews',
    {
      summary: 'News for the home page carousel',
      description:
        "From the server's RSS or Atom feed (`q` keeps the titles holding all its words), or a NewsData-style API queried with `q` when the server has a key; 'world news' when `q` is empty. Cached 15 minutes. Titles are plain text, links http(s), images https or null.",
      tags,
      security,
      errors: errorResponses(400, 401, 502, 504),
    },
    async (request) => {
      const items = await newsFor(
        {
          feedUrl: config.newsFeedUrl,
          apiUrl: config.newsApiUrl,
          apiKey: config.newsApiKey,
          timeoutMs: config.thirdPartyTimeoutMs,
        },
        newsCache,
        request.query.q,
      ).catch(failedWith(WIDGET_MESSAGES.newsFailed));
      return { items };
    },
  );
};
export default widgetsRoutes;
