import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOURNAMENT_MESSAGES, type GameMap } from '@devplay/shared';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { MapsPanel } from './maps-panel';

const fetchMock = stubFetch({ signedIn: true });

const inferno: GameMap = { id: 1, name: 'Inferno', description: 'Bombsites A and B' };

function serve() {
  let maps = [inferno];
  routeFetch(fetchMock, {
    'GET /api/maps': () => jsonResponse({ body: maps }),
    'POST /api/maps': (init) => {
      const body = JSON.parse(String(init?.body)) as { name: string; description: string };
      if (maps.some((map) => map.name.toLowerCase() === body.name.toLowerCase()))
        return jsonResponse({
          status: 409,
          body: {
            message: TOURNAMENT_MESSAGES.mapNameTaken,
            code: 'MAP_NAME_TAKEN',
            field: 'name',
          },
        });
      const map = { id: 2, ...body };
      maps = [...maps, map];
      return jsonResponse({ status: 201, body: map });
    },
    'DELETE /api/maps/1': () =>
      jsonResponse({
        status: 409,
        body: { message: TOURNAMENT_MESSAGES.mapInUse, code: 'MAP_IN_USE' },
      }),
  });
}

describe('MapsPanel', () => {
  it('adds a map with its name and description', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<MapsPanel />);

    await user.type(await screen.findByRole('textbox', { name: 'Map name' }), 'Mirage');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Mid control');
    await user.click(screen.getByRole('button', { name: 'Add map' }));

    const pool = await screen.findByRole('list', { name: 'Map pool' });
    expect(await within(pool).findByText('Mirage')).toBeInTheDocument();
    expect(JSON.parse(String(requestsTo(fetchMock, 'POST /api/maps')[0]?.[1]?.body))).toEqual({
      name: 'Mirage',
      description: 'Mid control',
    });
    expect(screen.getByRole('textbox', { name: 'Map name' })).toHaveValue('');
  });

  it("says the server's 409 under the name when the map exists", async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<MapsPanel />);

    await user.type(await screen.findByRole('textbox', { name: 'Map name' }), 'inferno');
    await user.click(screen.getByRole('button', { name: 'Add map' }));

    expect(await screen.findByText(TOURNAMENT_MESSAGES.mapNameTaken)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Map name' })).toHaveValue('inferno');
  });

  it("says the server's 409 when a match still uses the map, and keeps it", async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<MapsPanel />);

    await user.click(await screen.findByRole('button', { name: 'Delete map Inferno' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Inferno?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByText(TOURNAMENT_MESSAGES.mapInUse)).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api/maps/1')).toHaveLength(1));
    expect(
      within(screen.getByRole('list', { name: 'Map pool' })).getByText('Inferno'),
    ).toBeInTheDocument();
  });
});
