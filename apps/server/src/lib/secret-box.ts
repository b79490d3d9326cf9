import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Secrets kept at rest that the server must read back (an authenticator app's seed), sealed with
 * AES-256-GCM under a key derived by HKDF-SHA-256 from the server's secret and `purpose`, so a
 * database dump alone reveals none of them and each purpose has a key of its own. A new server
 * secret cannot open what the old one sealed: `open` then answers null.
 */
export function secretBox(serverSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, '', `devplay ${purpose}`, 32));
  return {
    seal(plain: string) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed: string): string | null {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || !body || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = [decipher.update(Buffer.from(body, 'base64url')), decipher.final()];
        return Buffer.concat(plain).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;
