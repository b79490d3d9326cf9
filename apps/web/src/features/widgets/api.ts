import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { useAfterFirstIdle } from '../../lib/use-after-first-idle';

// The server caches the third parties (10 min weather, 15 min news); the page need not ask sooner.
const WEATHER_STALE_MS = 10 * 60_000;
const NEWS_STALE_MS = 15 * 60_000;

const widgetKeys = {
  all: ['widgets'] as const,
  /** `null`: the member's last city, else the server's default. */
  weather: (city: string | null) =>
    [...widgetKeys.all, 'weather', city?.toLowerCase() ?? null] as const,
  news: () => [...widgetKeys.all, 'news'] as const,
};

export function useWeather(city: string | null) {
  const afterFirstIdle = useAfterFirstIdle();
  const queryClient = useQueryClient();
  const weather = useQuery({
    queryKey: widgetKeys.weather(city),
    queryFn: ({ signal }) => api.call('getWeather', { query: { city: city ?? undefined }, signal }),
    staleTime: WEATHER_STALE_MS,
    // The last city stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    retry: false,
    enabled: afterFirstIdle,
  });
  // The city just shown is now the member's last: the widget drawn again (another visit to the
  // page) opens on it, not on the city the page first showed.
  const picked = city !== null && weather.isSuccess && !weather.isPlaceholderData;
  useEffect(() => {
    if (picked) queryClient.setQueryData(widgetKeys.weather(null), weather.data);
  }, [picked, queryClient, weather.data]);
  return weather;
}

/**
 * A city picked always reaches the server, which remembers it as the member's last; an answer
 * the page holds shows meanwhile. Without this, Paris, Berlin, Paris came from the page's cache
 * and the server still held Berlin at the next visit.
 */
export function usePickCity() {
  const queryClient = useQueryClient();
  return (city: string) => {
    void queryClient.invalidateQueries({ queryKey: widgetKeys.weather(city) });
  };
}

export function useNews() {
  const afterFirstIdle = useAfterFirstIdle();
  return useQuery({
    queryKey: widgetKeys.news(),
    queryFn: ({ signal }) => api.call('getNews', { signal }),
    staleTime: NEWS_STALE_MS,
    retry: false,
    enabled: afterFirstIdle,
  });
}
