import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { WIDGET_MESSAGES, type Weather } from '@devplay/shared';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { deferred } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { WeatherWidget } from './weather-widget';

const fetchMock = stubFetch({ signedIn: true });

const berlin: Weather = {
  city: 'Berlin',
  country: 'Germany',
  temperature: 7.6,
  humidity: 81,
  description: 'Overcast',
  main: 'Clouds',
  isDefault: true,
};

/** The widget behind a button that takes it off the page and puts it back. */
function ShownOrNot() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(!shown)}>
        Toggle
      </button>
      {shown && <WeatherWidget />}
    </>
  );
}

const cityOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('city');

describe('WeatherWidget', () => {
  it("shows the default city's weather without typing it into the field", async () => {
    routeFetch(fetchMock, { 'GET /api/weather': () => jsonResponse({ body: berlin }) });
    renderWithApp(<WeatherWidget />);

    expect(await screen.findByText('8 °C')).toBeInTheDocument();
    expect(screen.getByText('Berlin')).toBeInTheDocument();
    expect(screen.getByText('Overcast')).toBeInTheDocument();
    expect(screen.getByText('Humidity 81%')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'City' });
    expect(field).toHaveValue('');
    expect(field).not.toHaveAttribute('placeholder', 'Berlin');
  });

  it('shows a skeleton while loading', async () => {
    const answer = deferred<Response>();
    routeFetch(fetchMock, { 'GET /api/weather': () => answer.promise });
    renderWithApp(<WeatherWidget />);

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer.resolve(jsonResponse({ body: berlin }));
    expect(await screen.findByText('8 °C')).toBeInTheDocument();
  });

  it(`says '${WIDGET_MESSAGES.enterCity}' for an empty city, and asks nothing`, async () => {
    routeFetch(fetchMock, { 'GET /api/weather': () => jsonResponse({ body: berlin }) });
    const user = userEvent.setup();
    renderWithApp(<WeatherWidget />);
    await screen.findByText('8 °C');

    await user.type(screen.getByRole('textbox', { name: 'City' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Show' }));

    expect(screen.getByText(WIDGET_MESSAGES.enterCity)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/weather')).toHaveLength(1);
  });

  it('asks for the typed city', async () => {
    routeFetch(fetchMock, {
      'GET /api/weather': (_init, url) =>
        jsonResponse({
          body:
            cityOf(url) === 'Oslo'
              ? { ...berlin, city: 'Oslo', country: 'Norway', main: 'Snow', isDefault: false }
              : berlin,
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<WeatherWidget />);
    await screen.findByText('Berlin');

    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Oslo');
    await user.click(screen.getByRole('button', { name: 'Show' }));

    expect(await screen.findByText('Oslo')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Berlin')).not.toBeInTheDocument());
  });

  it('tells the server every city picked, even one the page still holds, and reopens on it', async () => {
    routeFetch(fetchMock, {
      'GET /api/weather': (_init, url) => {
        const city = cityOf(url);
        return jsonResponse({ body: city ? { ...berlin, city, isDefault: false } : berlin });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ShownOrNot />);
    await screen.findByText('Berlin');

    for (const city of ['Paris', 'Oslo', 'Paris']) {
      await user.clear(screen.getByRole('textbox', { name: 'City' }));
      await user.type(screen.getByRole('textbox', { name: 'City' }), city);
      await user.click(screen.getByRole('button', { name: 'Show' }));
      expect(await screen.findByText(city)).toBeInTheDocument();
    }
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/weather').map(([url]) => cityOf(String(url)))).toEqual(
        [null, 'Paris', 'Oslo', 'Paris'],
      ),
    );

    // Drawn again (the member comes back to the page): the last city, not the first answer.
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(await screen.findByText('Paris')).toBeInTheDocument();
    expect(screen.queryByText('Berlin')).not.toBeInTheDocument();
  });

  it(`says '${WIDGET_MESSAGES.weatherFailed}' when the server fails, never its text`, async () => {
    routeFetch(fetchMock, {
      'GET /api/weather': () => jsonResponse({ status: 502, body: { message: 'upstream 500' } }),
    });
    renderWithApp(<WeatherWidget />);

    expect(await screen.findByText(WIDGET_MESSAGES.weatherFailed)).toBeInTheDocument();
    expect(screen.queryByText('upstream 500')).not.toBeInTheDocument();
  });

  it("says the server's words for a city it does not know", async () => {
    routeFetch(fetchMock, {
      'GET /api/weather': (_init, url) =>
        cityOf(url)
          ? jsonResponse({
              status: 404,
              body: { message: WIDGET_MESSAGES.cityNotFound, code: 'CITY_NOT_FOUND' },
            })
          : jsonResponse({ body: berlin }),
    });
    const user = userEvent.setup();
    renderWithApp(<WeatherWidget />);
    await screen.findByText('Berlin');

    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Atlantis');
    await user.click(screen.getByRole('button', { name: 'Show' }));

    expect(await screen.findByText(WIDGET_MESSAGES.cityNotFound)).toBeInTheDocument();
  });
});
