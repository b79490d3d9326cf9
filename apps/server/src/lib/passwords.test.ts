import { describe, expect, it, vi } from 'vitest';
import { TEST_PASSWORD_COST } from '../test/setup';
import { DESIGN_PASSWORD_COST, hashPassword, setPasswordCost, verifyPassword } from './passwords';

describe('password hashes', () => {
  it("are argon2id at the DESIGN's cost where nothing lowered it, as in the product", async () => {
    // A copy of the module as the server process loads it, without the test run's setting.
    vi.resetModules();
    const product = await import('./passwords');
    const stored = await product.hashPassword('Secret1!pass');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await product.verifyPassword(stored, 'Secret1!pass')).toBe(true);
    expect(await product.verifyPassword(stored, 'Secret1!pasS')).toBe(false);
  });

  it('verify a hash made at another cost, which the hash itself names', async () => {
    const cheap = await hashPassword('Secret1!pass');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    try {
      setPasswordCost(DESIGN_PASSWORD_COST);
      expect(await verifyPassword(cheap, 'Secret1!pass')).toBe(true);
    } finally {
      setPasswordCost(TEST_PASSWORD_COST);
    }
  });
});
