import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { createMember } from '../test/factories';
import { connectLive } from '../test/live-client';
import { originAllowed } from './live-origin';

describe('which pages may open the live socket', () => {
  const dev = {
    env: 'development',
    publicUrl: 'http://localhost:3000',
    publicUrlSet: false,
  } as const;
  const prod = { ...dev, env: 'production' } as const;
  const pinned = { ...prod, publicUrl: 'https://devplay.example', publicUrlSet: true } as const;

  it('with PUBLIC_URL set, only its origin', () => {
    expect(originAllowed('https://devplay.example', 'devplay.example', pinned)).toBe(true);
    expect(originAllowed('http://devplay.example', 'devplay.example', pinned)).toBe(false);
    expect(originAllowed('https://evil.example', 'evil.example', pinned)).toBe(false);
    expect(originAllowed('http://localhost:5173', 'devplay.example', pinned)).toBe(false);
  });

  it("without PUBLIC_URL, the origin of the request's own host", () => {
    expect(originAllowed('http://127.0.0.1:3000', '127.0.0.1:3000', prod)).toBe(true);
    expect(originAllowed('http://192.168.1.20:3000', '192.168.1.20:3000', prod)).toBe(true);
    expect(originAllowed('http://devplay.lan', 'devplay.lan:80', prod)).toBe(true);
    expect(originAllowed('https://evil.example', '192.168.1.20:3000', prod)).toBe(false);
    expect(originAllowed('http://192.168.1.20:4000', '192.168.1.20:3000', prod)).toBe(false);
    expect(originAllowed('http://localhost:5173', 'localhost:3000', prod)).toBe(false);
    expect(originAllowed('null', '127.0.0.1:3000', prod)).toBe(false);
    expect(originAllowed('http://127.0.0.1:3000', undefined, prod)).toBe(false);
  });

  it('in development, also any http://localhost port (the Vite proxy)', () => {
    expect(originAllowed('http://localhost:5173', '127.0.0.1:3000', dev)).toBe(true);
    expect(
      originAllowed('http://localhost:5173', 'devplay.example', { ...pinned, env: 'development' }),
    ).toBe(true);
    expect(originAllowed('http://localhost.evil.example:5173', 'localhost:3000', dev)).toBe(false);
  });

  it('clients that send no Origin (not browsers) authenticate with the auth frame alone', () => {
    expect(originAllowed(undefined, undefined, pinned)).toBe(true);
  });

  describe('on the server', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({ env: 'production' });
    });
    afterAll(() => ctx.app.close());

    it("admits a page of the server's own address and refuses another site with 403", async () => {
      const member = await createMember(ctx);
      const lan = { origin: 'http://192.168.1.20:3000', host: '192.168.1.20:3000' };
      const live = await connectLive(ctx.app, member.token, undefined, lan);
      expect(live.of('unread:count')).toHaveLength(1);
      live.close();
      await expect(
        ctx.app.injectWS('/api/ws', { headers: { ...lan, origin: 'https://evil.example' } }),
      ).rejects.toThrow('Unexpected server response: 403');
    });
  });
});
