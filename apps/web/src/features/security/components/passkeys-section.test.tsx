import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_MESSAGES, TWO_FACTOR_MESSAGES } from '@devplay/shared';
import { PASSKEY_BROWSER_TEXTS } from '../../../lib/webauthn';
import { requestsTo, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { makePasskey, RIGHT_CODE, RIGHT_PASSWORD } from '../passkey-fixtures';
import { serveSecurity } from '../security-fixtures';
import { SecurityCardOfMe } from '../security-card-of-me';

// The browser's part is stubbed: what it answers is the test's to plan.
const browser = vi.hoisted(() => ({ supported: true, create: vi.fn() }));
vi.mock(import('../../../lib/webauthn'), async (original) => ({
  ...(await original()),
  browserHasPasskeys: () => browser.supported,
  createPasskey: browser.create,
}));

const fetchMock = stubFetch({ signedIn: true });
const ANSWER = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} };
const USED = '2030-01-03T09:00:00.000Z';

beforeEach(() => {
  browser.supported = true;
  browser.create.mockReset().mockResolvedValue(ANSWER);
});

/** Settings with the app on or off and these passkeys, the Passkeys section found. */
async function openSection(
  passkeys = [makePasskey(1, { name: 'Laptop', lastUsedAt: USED })],
  totp = false,
) {
  serveSecurity(fetchMock, { totp, passkeys: 0, recoveryCodesLeft: totp ? 8 : 0 }, passkeys);
  const user = userEvent.setup();
  renderWithApp(<SecurityCardOfMe />);
  const section = await screen.findByRole('region', { name: 'Passkeys' });
  return { user, section };
}

const bodies = (route: string) =>
  requestsTo(fetchMock, route).map(([, init]) => JSON.parse(String(init?.body)));

describe('the Passkeys section', () => {
  it('lists each passkey with when it was added and last used', async () => {
    const { section } = await openSection([
      makePasskey(1, { name: 'Laptop', lastUsedAt: USED }),
      makePasskey(2, { name: 'Phone' }),
    ]);
    const rows = await within(section).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Laptop.*Added .*Last used /),
      expect.stringMatching(/^Phone.*Added .*Never used to sign in/),
    ]);
    expect(within(rows[0]!).getByRole('button', { name: 'Rename Laptop' })).toBeVisible();
    expect(within(rows[1]!).getByRole('button', { name: 'Remove Phone' })).toBeVisible();
  });

  it('says when there is none, and offers to add one', async () => {
    const { section } = await openSection([]);
    expect(await within(section).findByText('You have no passkeys yet.')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Add a passkey' })).toBeVisible();
  });

  it('explains, instead of the button, that this browser cannot make passkeys', async () => {
    browser.supported = false;
    const { section } = await openSection([]);
    expect(within(section).getByText(/This browser cannot make or use passkeys/)).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });
});

describe('adding a passkey', () => {
  it('asks a name, has the browser make it, and lists it', async () => {
    const { user, section } = await openSection([]);
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveFocus();
    expect(name).not.toHaveValue('');
    await user.clear(name);
    await user.type(name, 'Work laptop');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await within(section).findByText(PASSKEY_MESSAGES.added)).toBeVisible();
    expect(browser.create).toHaveBeenCalledWith(
      expect.objectContaining({ challenge: 'challenge-1' }),
    );
    expect(bodies('POST /api/passkeys/register')).toEqual([
      { response: ANSWER, name: 'Work laptop' },
    ]);
    expect(await within(section).findByRole('listitem', { name: 'Work laptop' })).toBeVisible();
    expect(within(section).getByRole('heading', { name: 'Passkeys' })).toHaveFocus();
  });

  it('refuses an empty name without asking the browser', async () => {
    const { user, section } = await openSection([]);
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
        expect.stringContaining(PASSKEY_MESSAGES.enterName),
      ),
    );
    expect(browser.create).not.toHaveBeenCalled();
  });

  it("says so when the browser's dialog was closed, and keeps the form", async () => {
    browser.create.mockRejectedValue(
      Object.assign(new Error('closed'), { cause: new DOMException('closed', 'NotAllowedError') }),
    );
    const { user, section } = await openSection([]);
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(PASSKEY_BROWSER_TEXTS.cancelled)).toBeVisible();
    expect(screen.getByLabelText('Name')).toBeVisible();
    expect(bodies('POST /api/passkeys/register')).toEqual([]);
  });
});

describe('renaming and removing a passkey', () => {
  it('renames it in place', async () => {
    const { user, section } = await openSection();
    await user.click(await within(section).findByRole('button', { name: 'Rename Laptop' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Laptop');
    await user.clear(name);
    await user.type(name, 'Home laptop');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(section).findByText(PASSKEY_MESSAGES.renamed)).toBeVisible();
    expect(within(section).getByRole('listitem', { name: 'Home laptop' })).toBeVisible();
  });

  it('removes it with the password alone, after a last question', async () => {
    const { user, section } = await openSection();
    await user.click(await within(section).findByRole('button', { name: 'Remove Laptop' }));
    expect(screen.queryByLabelText('Code from the app, or a recovery code')).toBeNull();
    await user.type(screen.getByLabelText('Password'), RIGHT_PASSWORD);
    await user.click(within(section).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await within(section).findByText(PASSKEY_MESSAGES.removed)).toBeVisible();
    expect(within(section).getByText('You have no passkeys yet.')).toBeVisible();
    expect(bodies('DELETE /api/passkeys/1')).toEqual([{ password: RIGHT_PASSWORD }]);
  });

  it('takes a code too for the last one while the app is on, showing a wrong one', async () => {
    const { user, section } = await openSection(undefined, true);
    await user.click(await within(section).findByRole('button', { name: 'Remove Laptop' }));
    expect(within(section).getByText(/is your last passkey/)).toBeVisible();
    await user.type(screen.getByLabelText('Password'), RIGHT_PASSWORD);
    const code = screen.getByLabelText('Code from the app, or a recovery code');
    await user.type(code, '654321');
    const remove = () => user.click(within(section).getByRole('button', { name: 'Remove' }));
    await remove();
    const confirm = async () =>
      user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await confirm();
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongPasswordOrCode)).toBeVisible();

    await user.clear(code);
    await user.type(code, RIGHT_CODE);
    await remove();
    await confirm();
    expect(await within(section).findByText(PASSKEY_MESSAGES.removed)).toBeVisible();
  });
});
