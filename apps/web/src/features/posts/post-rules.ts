import type { z } from 'zod';
import type { CreatePostInput, createPostInputSchema } from '@devplay/shared';
import { lazyResolver } from '../../lib/lazy-resolver';

export type PostOutput = z.output<typeof createPostInputSchema>;

/** The rules of publishing, which editing follows too, downloaded when a post form opens. */
export const postRules = lazyResolver<CreatePostInput, PostOutput>(() =>
  import('./post-form-rules').then((module) => module.postResolver),
);
