import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_TEXTS, SAFETY_LIMITS, type SiteSettings } from '@devplay/shared';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { SettingsPanel } from './settings-panel';

const fetchMock = stubFetch({ signedIn: true });

/** The server's settings; a PUT stores what it names, the domains sorted as the server does. */
function serve(initial: SiteSettings, put?: () => Response) {
  let settings = initial;
  routeFetch(fetchMock, {
    'GET /api/admin/settings': () => jsonResponse({ body: settings }),
    'PUT /api/admin/settings': (init) => {
      if (put) return put();
      const body = JSON.parse(String(init?.body)) as Partial<SiteSettings>;
      settings = {
        registrations: body.registrations ?? settings.registrations,
        blockedEmailDomains: [...(body.blockedEmailDomains ?? settings.blockedEmailDomains)].sort(),
      };
      return jsonResponse({ body: settings });
    },
  });
}

const sentBodies = () =>
  requestsTo(fetchMock, 'PUT /api/admin/settings').map(([, init]) =>
    JSON.parse(String(init?.body)),
  );

describe('SettingsPanel', () => {
  it('shows the registrations as a radio group with the current mode chosen', async () => {
    serve({ registrations: 'approval', blockedEmailDomains: [] });
    renderWithApp(<SettingsPanel />);

    const group = await screen.findByRole('group', { name: 'Registrations' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'open',
      'approval',
      'closed',
    ]);
    expect(within(group).getByRole('radio', { name: /^Approval/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /^Closed/ })).toHaveAccessibleDescription(
      'Nobody may sign up.',
    );
  });

  it('saves the chosen mode, chosen with the keyboard', async () => {
    serve({ registrations: 'open', blockedEmailDomains: ['spam.example'] });
    const user = userEvent.setup();
    renderWithApp(<SettingsPanel />);

    const open = await screen.findByRole('radio', { name: /^Open/ });
    await user.click(open);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('radio', { name: /^Closed/ })).toBeChecked();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(REGISTRATION_TEXTS.settingsSaved)).toBeInTheDocument();
    expect(sentBodies()).toEqual([
      { registrations: 'closed', blockedEmailDomains: ['spam.example'] },
    ]);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('adds and removes blocked domains, stored as the server keeps them', async () => {
    serve({ registrations: 'open', blockedEmailDomains: ['spam.example'] });
    const user = userEvent.setup();
    renderWithApp(<SettingsPanel />);

    const field = await screen.findByRole('textbox', { name: 'Domain to block' });
    await user.type(field, '  Junk.Example {Enter}');
    const list = screen.getByRole('list', { name: 'Blocked e-mail domains' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['junk.example', 'spam.example']),
    );
    expect(field).toHaveValue('');
    // Enter added the domain; it did not save the form.
    expect(sentBodies()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove spam.example' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText(REGISTRATION_TEXTS.settingsSaved);
    expect(sentBodies()).toEqual([
      { registrations: 'open', blockedEmailDomains: ['junk.example'] },
    ]);
  });

  it.each([
    ['not a domain', 'Enter a domain such as example.com'],
    ['a@spam.example', 'Enter a domain such as example.com'],
    ['localhost', 'Enter a domain such as example.com'],
    ['', 'Enter a domain such as example.com'],
    ['SPAM.example', REGISTRATION_TEXTS.domainAlreadyListed],
  ])('refuses to add "%s" with the words "%s"', async (typed, message) => {
    serve({ registrations: 'open', blockedEmailDomains: ['spam.example'] });
    const user = userEvent.setup();
    renderWithApp(<SettingsPanel />);

    const field = await screen.findByRole('textbox', { name: 'Domain to block' });
    if (typed) await user.type(field, typed);
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it(`stops at ${SAFETY_LIMITS.blockedEmailDomainsMax} domains`, async () => {
    const full = Array.from(
      { length: SAFETY_LIMITS.blockedEmailDomainsMax },
      (_, i) => `d${String(i).padStart(3, '0')}.example`,
    );
    serve({ registrations: 'open', blockedEmailDomains: full });
    const user = userEvent.setup();
    renderWithApp(<SettingsPanel />);

    // By label: role queries walk the accessibility tree of every one of the rows.
    const field = await screen.findByLabelText('Domain to block');
    await user.type(field, 'one-more.example{Enter}');
    await waitFor(() => expect(field).toHaveAccessibleDescription(REGISTRATION_TEXTS.domainsFull));
  });

  it("shows the server's words when it refuses the save, keeping the edits", async () => {
    serve({ registrations: 'open', blockedEmailDomains: [] }, () =>
      jsonResponse({
        status: 400,
        body: { message: 'Enter a domain such as example.com', code: 'VALIDATION_ERROR' },
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<SettingsPanel />);

    await user.click(await screen.findByRole('radio', { name: /^Closed/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter a domain such as example.com',
    );
    expect(screen.getByRole('radio', { name: /^Closed/ })).toBeChecked();
  });

  it('offers to try again when the settings cannot be read', async () => {
    routeFetch(fetchMock, {
      'GET /api/admin/settings': () => jsonResponse({ status: 500, body: { message: 'Boom' } }),
    });
    renderWithApp(<SettingsPanel />);

    expect(await screen.findByText(REGISTRATION_TEXTS.settingsLoadError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
