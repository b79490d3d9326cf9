import type { Page } from 'playwright-core';
import type { startSmtpCatcher } from '../../apps/server/src/test/smtp-catcher';

export type E2eMember = { email: string; username: string; password: string };
type Smtp = Awaited<ReturnType<typeof startSmtpCatcher>>;

async function post(baseUrl: string, path: string, body: object) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
}

/** Signs up and confirms through the API (the auth journey covers those screens). */
export async function registerMember(baseUrl: string, smtp: Smtp, member: E2eMember) {
  const before = smtp.mails.filter((mail) => mail.to.includes(member.email)).length;
  await post(baseUrl, '/signup', { ...member, confirm_password: member.password });
  const code = await smtp.codeFor(member.email, before);
  await post(baseUrl, '/verify', { email: member.email, code });
}

export async function signInInBrowser(page: Page, baseUrl: string, member: E2eMember) {
  await page.goto(baseUrl);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(member.email);
  await form.getByLabel('Password', { exact: true }).fill(member.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/home_page');
}
