import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@devplay/shared';
import { stubFetch } from '../../../test/fetch-mock';
import { bodiesTo, recoveryCodes, RIGHT_CODE, SECRET, serveSecurity } from '../security-fixtures';
import { SecurityCardOfMe } from '../security-card-of-me';
import { renderWithApp } from '../../../test/render';

const fetchMock = stubFetch({ signedIn: true });
const ENABLE = 'POST /api/me/2fa/totp/enable';

beforeEach(() => {
  serveSecurity(fetchMock, { totp: false, passkeys: 0, recoveryCodesLeft: 0 });
});

/** Settings with the app off, the setup opened by 'Turn on'. */
async function openSetup() {
  const user = userEvent.setup();
  renderWithApp(<SecurityCardOfMe />);
  await user.click(await screen.findByRole('button', { name: 'Turn on' }));
  await screen.findByRole('heading', { name: 'Set up your authenticator app' });
  const code = screen.getByLabelText('Code from the app');
  const confirm = () => user.click(screen.getByRole('button', { name: 'Confirm' }));
  return { user, code, confirm };
}

/** The setup confirmed with the app's right code: the recovery codes are on screen. */
async function turnOn() {
  const setup = await openSetup();
  await setup.user.type(setup.code, RIGHT_CODE);
  await setup.confirm();
  await screen.findByRole('heading', { name: 'Your recovery codes' });
  return setup;
}

describe('the Security card, two-factor authentication off', () => {
  it('says it is off, under the id /settings#security scrolls to', async () => {
    renderWithApp(<SecurityCardOfMe />);

    const card = await screen.findByRole('region', { name: 'Security' });
    expect(card).toHaveAttribute('id', 'security');
    expect(within(card).getByText('Two-factor authentication')).toHaveTextContent(
      'Two-factor authentication Off',
    );
    expect(within(card).queryByRole('button', { name: 'Turn off' })).toBeNull();
  });

  it('opens the setup with the QR code and the key in groups of four, to copy', async () => {
    const { user } = await openSetup();

    expect(screen.getByRole('heading', { name: 'Set up your authenticator app' })).toHaveFocus();
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('Setup key copied')).toBeInTheDocument();
  });

  it('refuses a code that is not 6 digits without asking the server', async () => {
    const { user, code, confirm } = await openSetup();
    await confirm();
    expect(code).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.enterCode);

    await user.type(code, '12a456');
    await confirm();
    expect(code).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.codeFormat);
    expect(bodiesTo(fetchMock, ENABLE)).toEqual([]);
  });

  it('says a wrong code under the field and keeps the setup open', async () => {
    const { user, code, confirm } = await openSetup();
    await user.type(code, '654321');
    await confirm();

    await waitFor(() => expect(code).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.wrongCode));
    expect(code).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  });

  it('turns on with the right code and shows the 10 recovery codes once, with a warning', async () => {
    await turnOn();

    expect(bodiesTo(fetchMock, ENABLE)).toEqual([{ code: RIGHT_CODE }]);
    expect(screen.getByRole('heading', { name: 'Your recovery codes' })).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes('a'));
    expect(screen.getByText(/shown only once/)).toBeVisible();
    // The profile is read again: the card already says the app is on.
    expect(screen.getByText('Two-factor authentication')).toHaveTextContent(/On$/);
  });

  it('copies the recovery codes, one a line', async () => {
    const { user } = await turnOn();
    await user.click(screen.getByRole('button', { name: 'Copy' }));

    expect(await navigator.clipboard.readText()).toBe(recoveryCodes('a').join('\n'));
    expect(await screen.findByText('Recovery codes copied')).toBeInTheDocument();
  });

  describe('downloading the codes', () => {
    const saved: { name: string; href: string; blob: Blob | undefined }[] = [];
    let made: Blob | undefined;
    let click: MockInstance<HTMLAnchorElement['click']>;
    beforeEach(() => {
      saved.length = 0;
      // jsdom has no object URLs and no downloads: the file is caught as its link is clicked.
      URL.createObjectURL = (blob: Blob) => {
        made = blob;
        return 'blob:codes';
      };
      URL.revokeObjectURL = () => {};
      click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        saved.push({ name: this.download, href: this.href, blob: made });
      });
    });
    afterEach(() => {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    /** jsdom's Blob has no text(); its FileReader reads one. */
    const textOf = (blob: Blob | undefined) =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob ?? new Blob());
      });

    it('saves them as devplay-recovery-codes.txt', async () => {
      const { user } = await turnOn();
      await user.click(screen.getByRole('button', { name: 'Download' }));

      expect(saved.map(({ name, href }) => [name, href])).toEqual([
        ['devplay-recovery-codes.txt', 'blob:codes'],
      ]);
      const lines = (await textOf(saved[0]?.blob)).split('\n');
      expect(lines).toEqual(expect.arrayContaining(recoveryCodes('a')));
    });
  });

  it('closes the codes with Done, back to the card that says how many are left', async () => {
    const { user } = await turnOn();
    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(screen.queryByRole('heading', { name: 'Your recovery codes' })).toBeNull();
    expect(screen.getByText('Recovery codes left: 10')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Security' })).toHaveFocus();
  });

  it('cancels the setup without turning anything on', async () => {
    const { user } = await openSetup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('button', { name: 'Turn on' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Security' })).toHaveFocus();
    expect(bodiesTo(fetchMock, ENABLE)).toEqual([]);
  });
});
