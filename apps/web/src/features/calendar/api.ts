import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CalendarDay } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { compareIso } from '../../lib/compare-iso';
import { dayAfter, type DayAction } from './calendar-model';

const calendarKeys = {
  all: ['calendar'] as const,
  year: (year: number) => [...calendarKeys.all, 'year', year] as const,
  /** The feed address got in this session; the server keeps only its hash, so it is asked once. */
  feed: () => [...calendarKeys.all, 'feed'] as const,
};

const fetchYear = (year: number, signal?: AbortSignal) =>
  api.call('listCalendarDays', { query: { year }, signal });

/** The member's own days and the admins' holidays of one year. */
export function useCalendarYear(year: number) {
  return useQuery({
    queryKey: calendarKeys.year(year),
    queryFn: ({ signal }) => fetchYear(year, signal),
  });
}

type WriteAction = Exclude<DayAction, { kind: 'locked' }>;

function send(action: WriteAction): Promise<unknown> {
  switch (action.kind) {
    case 'setLeave':
      return api.call('setLeaveDay', { body: { date: action.date, type: action.type } });
    case 'clearLeave':
      return api.call('clearLeaveDay', { params: { date: action.date } });
    case 'setHoliday':
      return api.call('setHoliday', { body: { date: action.date } });
    case 'removeHoliday':
      return api.call('removeHoliday', { params: { date: action.date } });
  }
}

const yearOf = (date: string) => Number(date.slice(0, 4));

/** Puts one day's entry (or its absence) into the cached year. */
function writeDay(queryClient: QueryClient, date: string, entry: CalendarDay | null) {
  queryClient.setQueryData<CalendarDay[]>(calendarKeys.year(yearOf(date)), (days) => {
    if (!days) return days;
    const rest = days.filter((day) => day.date !== date);
    return entry ? [...rest, entry].sort((a, b) => compareIso(a.date, b.date)) : rest;
  });
}

const MUTATION_KEY = [...calendarKeys.all, 'write'] as const;

/**
 * A day changes on screen at once and is saved behind it. Writes go out one after another in click
 * order (one mutation scope), so quick clicks on a day land as clicked; a refusal puts the day back
 * as it was and the caller shows the server's message. The year is reloaded once the last write
 * settles: removing a holiday may uncover leave hidden under it.
 */
export function useDayWrite({ onRefused }: { onRefused: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: MUTATION_KEY,
    scope: { id: 'calendar-write' },
    mutationFn: send,
    onMutate: async (action) => {
      const key = calendarKeys.year(yearOf(action.date));
      await queryClient.cancelQueries({ queryKey: key });
      const previous =
        queryClient.getQueryData<CalendarDay[]>(key)?.find((day) => day.date === action.date) ??
        null;
      writeDay(queryClient, action.date, dayAfter(action));
      return { previous };
    },
    onError: (error, action, context) => {
      if (context) writeDay(queryClient, action.date, context.previous);
      onRefused(error);
    },
    onSettled: (_data, _error, action) => {
      // This mutation still counts as running while its onSettled runs.
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) > 1) return;
      return queryClient.invalidateQueries({ queryKey: calendarKeys.year(yearOf(action.date)) });
    },
  });
}

const neverFetched = (): Promise<string> =>
  Promise.reject(new Error('The feed address is only ever made by POST /calendar/ics-token'));

/** The feed address shown in this session, or undefined before the member asked for one. */
export function useFeedUrl() {
  return useQuery({
    queryKey: calendarKeys.feed(),
    // Never fetched: asking the server makes a new address, so only the mutation below may.
    queryFn: neverFetched,
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
}

/** POST /calendar/ics-token: a new secret address; the previous one stops working. */
export function useNewFeedUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('regenerateCalendarFeed'),
    onSuccess: ({ url }) => queryClient.setQueryData(calendarKeys.feed(), url),
  });
}
