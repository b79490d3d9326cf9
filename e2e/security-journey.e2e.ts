import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { requireBrowserOrSkip, screenshot, switchScheme, VIEWPORTS } from './support/browser';
import { useJourney } from './support/journey';

const runs = requireBrowserOrSkip();

/** The app's code `steps` 30-second steps from now: each step's code is good once. */
const appCode = (secret: string, steps: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

const AXE = { bypassCSP: true };
/**
 * From the top of the page: axe's target-size rule counts a control scrolled under the sticky
 * header as too small, though no one can click it there; every element is checked either way.
 */
async function noViolations(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await axeViolations(page)).toEqual([]);
}

describe.runIf(runs)('two factors and signed-in devices in Chromium', () => {
  const ada = { email: 'ada@example.com', username: 'ada', password: 'Frag1!adaaa' };
  const journey = useJourney([ada], { env: { RATE_LIMITS: 'off' } });
  const state = {} as { secret: string; recoveryCodes: string[]; settings: Page };

  /** A new browser at the welcome page, through the password to the second step. */
  async function passwordStep(
    viewport: { width: number; height: number },
    colorScheme: 'light' | 'dark' = 'light',
  ) {
    const page = await journey.openSignedOut(viewport, { ...AXE, colorScheme });
    await page.goto(journey.url);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email', { exact: true }).fill(ada.email);
    await form.getByLabel('Password', { exact: true }).fill(ada.password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    return page;
  }

  it('turns the authenticator app on from Settings, with the QR code and 10 recovery codes', async () => {
    const page = await journey.openAs(ada, VIEWPORTS.desktop, AXE);
    state.settings = page;
    await page.goto(`${journey.url}/settings#security`);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    state.secret = (await page.locator('code').first().innerText()).replace(/\s/g, '');
    expect(state.secret).toMatch(/^[A-Z2-7]{32}$/);
    await noViolations(page);
    await screenshot(page, 'security-setup');

    await page.getByLabel('Code from the app', { exact: true }).fill(appCode(state.secret, 0));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    state.recoveryCodes = (await codes.allInnerTexts()).map((code) => code.trim());
    expect(state.recoveryCodes).toHaveLength(10);
    await noViolations(page);
    await screenshot(page, 'security-recovery-codes');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Recovery codes left: 10').waitFor();
  });

  it('asks a new browser for the code after the password, and signs in with it', async () => {
    const phone = await passwordStep(VIEWPORTS.phone, 'dark');
    await noViolations(phone);
    await screenshot(phone, 'security-second-step-phone-dark');
    await phone.getByLabel('Authentication code').fill(appCode(state.secret, 1));
    await phone.getByRole('button', { name: 'Verify' }).click();
    await phone.waitForURL('**/home_page');
  });

  it('signs in with a recovery code instead, once', async () => {
    const tablet = await passwordStep(VIEWPORTS.desktop);
    await tablet.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await tablet.getByLabel('Recovery code').fill(state.recoveryCodes[0]!);
    await tablet.getByRole('button', { name: 'Verify' }).click();
    await tablet.waitForURL('**/home_page');

    const again = await passwordStep(VIEWPORTS.desktop);
    await again.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await again.getByLabel('Recovery code').fill(state.recoveryCodes[0]!);
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.getByText('That recovery code is not right or was already used.').waitFor();
  });

  it('lists the signed-in devices and signs the others out', async () => {
    const page = state.settings;
    await page.reload();
    const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
    // This one, the phone and the recovery-code sign-in.
    await expect.poll(() => devices.count()).toBe(3);
    await expect(devices.filter({ hasText: 'This device' }).count()).resolves.toBe(1);
    await noViolations(page);
    await screenshot(page, 'security-devices');

    await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
    const question = page.getByRole('dialog', { name: 'Sign out of all other devices?' });
    await question.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Signed out of every other device.').waitFor();
    expect(await devices.count()).toBe(1);
    await page.setViewportSize(VIEWPORTS.phone);
    await switchScheme(page, 'dark');
    await noViolations(page);
    await screenshot(page, 'security-card-phone-dark');
  });
});
