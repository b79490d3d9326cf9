import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../apps/server/src/test/smtp-catcher';
import { launchBrowser, requireBrowserOrSkip, screenshot, VIEWPORTS } from './support/browser';
import { startServer } from './support/server';

const runs = requireBrowserOrSkip();

describe.runIf(runs)('auth journey in Chromium', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startServer>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startServer({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  const user = {
    email: 'ada@example.com',
    username: 'ada_lovelace',
    password: 'Engine1!first',
    newPassword: 'Engine2!second',
  };

  async function signIn(page: Page, password: string) {
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email', { exact: true }).fill(user.email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  it('signs up, confirms by mailed code, signs in, stays signed in, exits and resets the password', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      // Chromium logs every 401 answer; signed-out refreshes and a wrong password are expected ones.
      const expected401 = message.text().includes('status of 401');
      if (message.type() === 'error' && !expected401) pageErrors.push(message.text());
    });

    await page.goto(server.url);
    await screenshot(page, 'welcome-desktop');

    // Sign up → the code arrives by SMTP → /confirm_email. The panel opens on Sign in; slide it over.
    await page
      .locator('button:visible:not([inert] *)')
      .filter({ hasText: /^\s*Sign up\s*$/ })
      .first()
      .click();
    const signUpForm = page.getByRole('form', { name: 'Sign up' });
    // Sent empty, every field says what it needs and stays red, under the pointer too.
    await signUpForm.getByRole('button', { name: 'Sign up', exact: true }).click();
    const confirmField = signUpForm.getByLabel('Confirm password', { exact: true });
    await confirmField.and(page.locator('[aria-invalid="true"]')).waitFor();
    await confirmField.hover();
    const borderOf = (field: typeof confirmField) =>
      field.evaluate((element) => getComputedStyle(element).borderTopColor);
    const danger = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement('i'));
      probe.style.color = 'var(--color-danger)';
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    // Polled: the border eases into its colour.
    await expect.poll(() => borderOf(confirmField)).toBe(danger);
    await signUpForm.getByLabel('Email', { exact: true }).fill(user.email);
    await signUpForm.getByLabel('Username', { exact: true }).fill(user.username);
    await signUpForm.getByLabel('Password', { exact: true }).fill(user.password);
    await signUpForm.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await signUpForm.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByText('Confirmation code sent to your email!').first().waitFor();
    await page.waitForURL('**/confirm_email');
    const confirm = page.getByRole('form', { name: 'Confirm email' });
    expect(await confirm.getByLabel('Email', { exact: true }).inputValue()).toBe(user.email);
    await smtp.codeFor(user.email);
    // One click on 'Resend code' with the empty code field focused is enough (the field's
    // error used to appear on blur and move the button away from the pointer).
    await confirm.getByLabel('Verification code').focus();
    await confirm.getByRole('button', { name: 'Resend code' }).click();
    await page.getByText(`We sent a new code to ${user.email}.`).waitFor();
    const code = await smtp.codeFor(user.email, 1);
    await confirm.getByLabel('Verification code').fill(code);
    await confirm
      .getByRole('button', { name: /confirm/i })
      .first()
      .click();
    await page.getByText('✅ Email verified!').waitFor();
    // SPEC §4: back to / after 1.5 s.
    await page.waitForURL(`${server.url}/`);

    // Sign in → /home_page; a reload keeps the session (refresh cookie).
    await signIn(page, user.password);
    await page.waitForURL('**/home_page');
    // SPEC §2 header: Settings, Exit and the avatar linking to the profile, in sight.
    const account = page.getByRole('link', { name: 'Profile', exact: true });
    await page.getByRole('link', { name: 'Settings' }).waitFor();
    expect(await account.getAttribute('href')).toBe('/profile');
    await page.reload();
    await page.waitForURL('**/home_page');
    await account.waitFor();
    await screenshot(page, 'home-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'home-phone');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Exit asks first; Cancel keeps the session, Log out ends it.
    await page.getByRole('button', { name: /exit/i }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to exit?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: /exit/i }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.reload();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(page.url()).toBe(`${server.url}/`);

    // Forgot password → code by mail → reset → sign in with the new password.
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await page.waitForURL('**/forgot-password');
    // The URL changes before the next page's chunk has rendered; its form is what to wait for.
    const forgot = page.getByRole('form', { name: 'Forgot password' });
    await forgot.getByLabel('Email', { exact: true }).fill(user.email);
    await forgot
      .getByRole('button', { name: /send|reset|code/i })
      .first()
      .click();
    await page.waitForURL('**/reset-password');
    const reset = page.getByRole('form', { name: 'Reset password' });
    const resetCode = await smtp.codeFor(user.email, 2);
    await reset.getByLabel('Code', { exact: true }).fill(resetCode);
    await reset.getByLabel('New password', { exact: true }).fill(user.newPassword);
    await reset.getByLabel('Confirm new password', { exact: true }).fill(user.newPassword);
    await reset
      .getByRole('button', { name: /change|reset|save/i })
      .first()
      .click();
    await page.getByText('Password changed successfully!').waitFor();
    await page.waitForURL(`${server.url}/`);

    await signIn(page, user.password);
    await page.getByText('Invalid email or password').waitFor();
    await signIn(page, user.newPassword);
    await page.waitForURL('**/home_page');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the welcome screen and a 404 on a phone', async () => {
    const context = await browser.newContext({
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(server.url);
    await page
      .getByRole('form', { name: 'Sign in' })
      .or(page.getByRole('form', { name: 'Sign up' }))
      .first()
      .waitFor();
    await screenshot(page, 'welcome-phone');
    await page.goto(`${server.url}/no/such/page`);
    await page.getByText('Sorry! Page not found').waitFor();
    await screenshot(page, 'not-found-phone');
    await context.close();
  });
});
