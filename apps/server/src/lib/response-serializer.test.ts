import { postPageSchema } from '@devplay/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler, sendWrittenOnce } from './response-serializer';

const compile = (schema: unknown) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('response serializer', () => {
  it('writes what zod would, and only the properties the schema declares', () => {
    const serialize = compile(postPageSchema);
    const post = {
      id: 1,
      title: 'Hello',
      description: 'A "quoted" line\nand a second one',
      image: null,
      video: 'https://youtu.be/dQw4w9WgXcQ',
      imageAlt: null,
      createdAt: '2026-11-23T10:00:00.000Z',
      editedAt: null,
      author: { id: 2, username: 'ann', fullName: 'Ann Lee', avatar: null },
      likesCount: 3,
      likedByMe: true,
      commentsCount: 0,
    };
    const page = { items: [{ ...post, author: { ...post.author, passwordHash: 'argon2…' } }] };
    const json = serialize({ ...page, nextCursor: null, secret: 'x' });
    expect(JSON.parse(json)).toEqual({ items: [post], nextCursor: null });
    expect(json).not.toContain('argon2');
  });

  it('refuses an answer that lacks a required property rather than sending it malformed', () => {
    const serialize = compile(z.object({ count: z.number().int() }));
    expect(() => serialize({})).toThrow(/count/);
  });

  it('stops at start-up on a schema JSON Schema cannot express', () => {
    expect(() => compile(z.object({ at: z.date() }))).toThrow();
  });

  it('writes an answer sent again unchanged once, as the schema writes it', async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler);
    let written = 0;
    const kept = {
      get count() {
        written++;
        return 1;
      },
      secret: 'x',
    };
    const schema = { response: { 200: z.object({ count: z.number() }) } };
    app.get('/kept', { schema }, (_request, reply) => sendWrittenOnce(reply, kept));
    const answers = [await app.inject('/kept'), await app.inject('/kept')];
    for (const answer of answers) {
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.json()).toEqual({ count: 1 });
    }
    expect(written).toBe(1);
    await app.close();
  });
});
