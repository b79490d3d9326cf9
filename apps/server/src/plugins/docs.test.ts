import { API_BASE, apiRoutes } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '../lib/session-cookies';
import { createTestApp } from '../test/app';

type BodySchema = { schema: { properties: Record<string, unknown>; required?: string[] } };
type Operation = { operationId?: string; requestBody?: { content: Record<string, BodySchema> } };
type Description = {
  paths: Record<string, Record<string, Operation>>;
  servers: { url: string }[];
  components: { securitySchemes: Record<string, { in?: string; name?: string }> };
};

async function descriptionOf(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const { app } = await createTestApp(overrides);
  try {
    return app.swagger() as unknown as Description;
  } finally {
    await app.close();
  }
}

// `npm run lint` holds the description to Redocly's rules (scripts/openapi/lint.ts); these are the
// facts about this server that no linter can know.
describe('the published API description', () => {
  // Routes are registered from the contract (lib/route.ts): this catches an operation left
  // unregistered, or a route added beside the contract.
  it('has every operation of the route contract, at its method and path, and no other', async () => {
    const { paths } = await descriptionOf();
    const published = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, { operationId }]) => `${operationId} ${method.toUpperCase()} ${path}`,
      ),
    );
    const contract = Object.entries(apiRoutes).map(
      ([operationId, { method, path }]) =>
        `${operationId} ${method} ${API_BASE}${path.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(published.toSorted()).toEqual(contract.toSorted());
  });

  it('names the cookie that refresh reads', async () => {
    const { components } = await descriptionOf();
    expect(components.securitySchemes.refreshCookie).toMatchObject({
      in: 'cookie',
      name: REFRESH_COOKIE,
    });
  });

  it('describes the multipart bodies the handlers read, field by field', async () => {
    const { paths } = await descriptionOf();
    const me = paths['/api/me']!.put!.requestBody!.content;
    const form = me['multipart/form-data']!.schema;
    expect(Object.keys(form.properties)).toEqual(['username', 'fullName', 'age', 'bio', 'avatar']);
    expect(form.properties.avatar).toMatchObject({ format: 'binary' });
    expect(me['application/json']!.schema.required).toEqual(['currentPassword', 'newPassword']);
    const upload = paths['/api/upload-image']!.post!.requestBody!.content['multipart/form-data'];
    expect(upload!.schema).toMatchObject({
      required: ['image'],
      properties: { image: { format: 'binary' } },
    });
  });

  it('points at PUBLIC_URL when it is set, else at the origin that serves it', async () => {
    expect((await descriptionOf()).servers).toEqual([expect.objectContaining({ url: '/' })]);
    const { servers } = await descriptionOf({
      publicUrl: 'https://devplay.example',
      publicUrlSet: true,
    });
    expect(servers).toEqual([expect.objectContaining({ url: 'https://devplay.example' })]);
  });
});
