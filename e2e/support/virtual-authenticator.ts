import type { Page } from 'playwright-core';

/**
 * Chromium's virtual authenticator (DevTools' WebAuthn domain) on `page`: a platform
 * authenticator that keeps discoverable passkeys, verifies its user and says yes by itself, as
 * a laptop's fingerprint reader would once touched. Answers how many passkeys it holds.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    passkeys: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length,
  };
}
