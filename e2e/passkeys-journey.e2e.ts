import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { requireBrowserOrSkip, screenshot, switchScheme, VIEWPORTS } from './support/browser';
import { useJourney } from './support/journey';
import { addVirtualAuthenticator } from './support/virtual-authenticator';

const runs = requireBrowserOrSkip();

const AXE = { bypassCSP: true };
/** From the top of the page, as the security journey checks (the sticky header hides nothing). */
async function noViolations(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await axeViolations(page)).toEqual([]);
}

/** The Passkeys part of Settings → Security. */
const passkeysOf = (page: Page) => page.getByRole('region', { name: 'Passkeys' });

/** Adds a passkey named `name` from Settings, where the page's authenticator keeps it. */
async function addPasskey(page: Page, url: string, name: string, shot?: string) {
  await page.goto(`${url}/settings#security`);
  const section = passkeysOf(page);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const field = section.getByLabel('Name', { exact: true });
  expect(await field.inputValue()).toMatch(/^Passkey on Chrome/);
  if (shot) {
    await noViolations(page);
    await screenshot(page, shot);
  }
  await field.fill(name);
  await section.getByRole('button', { name: 'Continue' }).click();
  await section.getByText('Passkey added.').waitFor();
  await section.getByRole('listitem', { name }).waitFor();
  return section;
}

/**
 * The page as a browser that offers no passkey among an input's suggestions: Chromium's virtual
 * authenticator would otherwise answer the welcome page's quiet request at once.
 */
async function withoutPasskeyAutofill(page: Page) {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await page.reload();
}

async function signOut(page: Page, url: string) {
  await page.getByRole('button', { name: /exit/i }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${url}/`);
}

describe.runIf(runs)('passkeys in Chromium', () => {
  const ada = { email: 'ada@example.com', username: 'ada', password: 'Frag1!adaaa' };
  const bob = { email: 'bob@example.com', username: 'bob', password: 'Frag1!bobbb' };
  // Passkeys need a domain for their RP id: the site is served as localhost, not 127.0.0.1.
  const journey = useJourney([ada, bob], { env: { RATE_LIMITS: 'off' }, siteHost: 'localhost' });
  const state = {} as { ada: Page; bob: Page; secret: string };

  it('adds a passkey in Settings, named after the browser until renamed', async () => {
    const page = await journey.openAs(ada, VIEWPORTS.desktop, AXE);
    state.ada = page;
    const authenticator = await addVirtualAuthenticator(page);
    const section = await addPasskey(page, journey.url, 'Ada’s laptop', 'passkeys-add-desktop');
    expect(await authenticator.passkeys()).toBe(1);
    await expect(section.getByRole('listitem').count()).resolves.toBe(1);
    await section.getByText('Never used to sign in').waitFor();
    await noViolations(page);
    await screenshot(page, 'passkeys-settings-desktop');
  });

  it('signs in with the passkey the e-mail input suggests, and lands on the home page', async () => {
    // The virtual authenticator picks the passkey as soon as the input offers it (conditional
    // mediation): a person would tap the suggestion.
    const page = state.ada;
    await signOut(page, journey.url);
    await page.waitForURL('**/home_page');
    await page.getByRole('link', { name: 'Settings' }).waitFor();
  });

  it('signs in with the button where the browser suggests no passkey, with no password', async () => {
    const page = state.ada;
    await withoutPasskeyAutofill(page);
    await signOut(page, journey.url);
    const form = page.getByRole('form', { name: 'Sign in' });
    const passkeyButton = form.getByRole('button', { name: 'Sign in with a passkey' });
    await passkeyButton.waitFor();
    await noViolations(page);
    await screenshot(page, 'passkeys-welcome-desktop');
    await passkeyButton.click();
    await page.waitForURL('**/home_page');
    await page.getByRole('link', { name: 'Settings' }).waitFor();
  });

  it('is offered at the second step of a member with the app on, in place of a code', async () => {
    const page = await journey.openAs(bob, VIEWPORTS.desktop, { ...AXE, colorScheme: 'dark' });
    state.bob = page;
    await addVirtualAuthenticator(page);
    await withoutPasskeyAutofill(page);
    await page.goto(`${journey.url}/settings#security`);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    state.secret = (await page.locator('code').first().innerText()).replace(/\s/g, '');
    const code = new TOTP({ secret: Secret.fromBase32(state.secret) }).generate();
    await page.getByLabel('Code from the app', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await addPasskey(page, journey.url, 'Bob’s phone');
    await signOut(page, journey.url);

    await page.setViewportSize(VIEWPORTS.phone);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await noViolations(page);
    await screenshot(page, 'passkeys-welcome-phone-dark');
    await form.getByLabel('Email', { exact: true }).fill(bob.email);
    await form.getByLabel('Password', { exact: true }).fill(bob.password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    const instead = page.getByRole('button', { name: 'Use a passkey instead' });
    await noViolations(page);
    await screenshot(page, 'passkeys-second-step-phone-dark');
    await instead.click();
    await page.waitForURL('**/home_page');
  });

  it('renames and removes passkeys, asking a code for the last one while the app is on', async () => {
    const page = state.ada;
    await page.goto(`${journey.url}/settings#security`);
    const section = passkeysOf(page);
    await section.getByText(/Last used/).waitFor();
    await section.getByRole('button', { name: 'Rename Ada’s laptop' }).click();
    await section.getByLabel('Name', { exact: true }).fill('Work laptop');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Passkey renamed.').waitFor();
    await section.getByRole('button', { name: 'Remove Work laptop' }).click();
    await section.getByLabel('Password', { exact: true }).fill(ada.password);
    await noViolations(page);
    await screenshot(page, 'passkeys-remove-desktop');
    await section.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await section.getByText('Passkey removed.').waitFor();
    await section.getByText('You have no passkeys yet.').waitFor();

    const phone = state.bob;
    await phone.goto(`${journey.url}/settings#security`);
    const bobs = passkeysOf(phone);
    await bobs.getByRole('button', { name: 'Remove Bob’s phone' }).click();
    await bobs.getByLabel('Password', { exact: true }).fill(bob.password);
    const nextCode = new TOTP({ secret: Secret.fromBase32(state.secret) }).generate({
      timestamp: Date.now() + 30_000,
    });
    await bobs.getByLabel('Code from the app, or a recovery code').fill(nextCode);
    await noViolations(phone);
    await screenshot(phone, 'passkeys-remove-last-phone-dark');
    await bobs.getByRole('button', { name: 'Remove', exact: true }).click();
    await phone.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await bobs.getByText('Passkey removed.').waitFor();
    await switchScheme(phone, 'light');
    await noViolations(phone);
    await screenshot(phone, 'passkeys-settings-phone-light');
  });
});
