import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { createMember, type Member } from '../test/factories';
import { MALFORMED_FORM } from './multipart';

let ctx: TestContext;
let member: Member;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
  member = await createMember(ctx);
});
afterAll(() => ctx.app.close());

const head = (name: string, file = false) =>
  `------b\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="a.png"\r\nContent-Type: image/png' : ''}\r\n\r\n`;

// What busboy throws for these carries no status and no code: it used to leave as a 500.
const broken: [string, string, string][] = [
  ['without a boundary', 'multipart/form-data', 'abc'],
  ['with an empty boundary', 'multipart/form-data; boundary=', 'abc'],
  ['cut inside a file', 'multipart/form-data; boundary=----b', `${head('image', true)}\x89PNG`],
  ['cut inside a field', 'multipart/form-data; boundary=----b', `${head('bio')}Writes`],
  ['that is not multipart at all', 'multipart/form-data; boundary=----b', 'garbage'],
];

describe.each([
  ['PUT', '/api/me'],
  ['POST', '/api/upload-image'],
] as const)('%s %s', (method, url) => {
  it.each(broken)('answers 400 to a form %s', async (_, contentType, payload) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: { 'access-token': member.token, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: MALFORMED_FORM, code: 'VALIDATION_ERROR' });
  });
});
