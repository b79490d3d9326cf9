import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { CalendarDay } from '@devplay/shared';
import { makeMe } from '../../../test/factories';
import { routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { LeaveCalendar } from './leave-calendar';

export const holiday = (date: string): CalendarDay => ({ date, type: 'holiday', setByAdmin: true });
export const leave = (date: string, type: 'sick' | 'unpaid'): CalendarDay => ({
  date,
  type,
  setByAdmin: false,
});

export const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

/**
 * A calendar served by a fake API on 10 March 2027 (a Wednesday: 3 March is one too, 6 March a
 * Saturday). Each test file calls it at its top: web tests share modules between files, so
 * hooks a shared module registered on import would reach only the first file that loaded it.
 */
export function calendarHarness() {
  const fetchMock = stubFetch({ signedIn: true });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 2, 10, 12));
  });
  afterEach(() => vi.useRealTimers());

  /** A server holding `days`, which answers writes as the real one does unless told otherwise. */
  function serve(days: CalendarDay[], { isAdmin = false } = {}) {
    const store = new Map(days.map((day) => [day.date, day]));
    routeFetch(fetchMock, {
      'GET /api/me': () => jsonResponse({ body: makeMe({ isAdmin }) }),
      'GET /api/calendar': () => jsonResponse({ body: [...store.values()] }),
      'POST /api/calendar': (init) => {
        const day = { ...(body(init) as CalendarDay), setByAdmin: false };
        store.set(day.date, day);
        return jsonResponse({ body: day });
      },
      'POST /api/calendar/holiday': (init) => {
        const { date } = body(init) as { date: string };
        store.set(date, holiday(date));
        return jsonResponse({ body: holiday(date) });
      },
    });
    // DELETE paths carry the date, which routeFetch matches exactly.
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const match = /\/api\/calendar\/(holiday\/)?(\d{4}-\d{2}-\d{2})$/.exec(String(input));
      if (init?.method === 'DELETE' && match) {
        store.delete(match[2]!);
        return jsonResponse({ body: { message: 'ok' } });
      }
      return base(input, init);
    });
    return store;
  }

  async function setup(days: CalendarDay[] = [], options: { isAdmin?: boolean } = {}) {
    const store = serve(days, options);
    // No pause between keys: each would let jsdom and React work through the 365 days again.
    const user = userEvent.setup({ delay: null });
    renderWithApp(<LeaveCalendar year={2027} onYearChange={vi.fn()} />);
    await waitFor(() => expect(screen.getByRole('grid')).not.toHaveAttribute('aria-busy'));
    if (options.isAdmin) await screen.findByText(/As an admin/);
    return { user, store };
  }

  return { fetchMock, setup };
}

// By label, not by role: a role query weighs every one of the 365 buttons, slowly.
export const day = (name: string) => screen.getByLabelText(name, { selector: 'button' });
