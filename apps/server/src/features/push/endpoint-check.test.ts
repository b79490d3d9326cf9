import { describe, expect, it } from 'vitest';
import { checkEndpointHost, isPrivateAddress } from './endpoint-check';

/** A resolver that knows these names only. */
const answers = new Map<string, string[]>();
const resolve = async (host: string) => {
  const found = answers.get(host);
  if (!found) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address }));
};

describe('where a push may go', () => {
  it('never to loopback, private, shared, link-local or unspecified addresses', () => {
    for (const address of ['127.0.0.1', '10.9.8.7', '172.31.255.255', '192.168.0.1'])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['169.254.169.254', '100.64.0.1', '0.0.0.0', '::', '::1', 'fd12::1'])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['fe80::1', '::ffff:127.0.0.1', 'not an address'])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['142.250.74.78', '172.32.0.1', '2a00:1450:4001:80b::200e'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('judges a name by every address it resolves to', async () => {
    answers.set('fcm.googleapis.com', ['142.250.74.78', '2a00:1450:4001:80b::200e']);
    answers.set('rebind.example', ['142.250.74.78', '10.0.0.5']);
    answers.set('inside.example', ['fd00::5']);
    expect(await checkEndpointHost('https://fcm.googleapis.com/fcm/send/x', resolve)).toBe(
      'public',
    );
    expect(await checkEndpointHost('https://rebind.example/x', resolve)).toBe('private');
    expect(await checkEndpointHost('https://inside.example/x', resolve)).toBe('private');
    expect(await checkEndpointHost('https://nowhere.example/x', resolve)).toBe('unresolved');
    expect(await checkEndpointHost('https://[2a00:1450:4001:80b::200e]/x', resolve)).toBe('public');
  });
});
