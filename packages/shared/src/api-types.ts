import type { z } from 'zod';
import type { apiContract } from './api-contract';
import type { ApiOperation } from './api-routes';

type Contract = typeof apiContract;

/**
 * A query's or a path's values as the server ends up reading them (coerced numbers, booleans),
 * each optional where the URL may leave it out; zod types a coerced input as `unknown`.
 */
type UrlValues<S extends z.ZodType> = {
  [P in keyof z.input<S>]: z.output<S>[P & keyof z.output<S>];
};

/** `{ [name]: value }`, optional when nothing in the value is required. */
type Part<Name extends string, Value> = object extends Value
  ? { [N in Name]?: Value }
  : { [N in Name]: Value };

type ParamsPart<C> = C extends { params: infer S extends z.ZodType }
  ? { params: UrlValues<S> }
  : unknown;
type QueryPart<C> = C extends { query: infer S extends z.ZodType }
  ? Part<'query', UrlValues<S>>
  : unknown;
type JsonBody<C> = C extends { body: infer S extends z.ZodType } ? z.input<S> : never;
type BodyPart<C> = C extends { form: true }
  ? { body: FormData | JsonBody<C> }
  : C extends { body: z.ZodType }
    ? Part<'body', JsonBody<C>>
    : unknown;

/** What a call of the operation sends: its path parameters, query and body. */
export type ApiRequest<K extends ApiOperation> = ParamsPart<Contract[K]> &
  QueryPart<Contract[K]> &
  BodyPart<Contract[K]>;

/** The body of the operation's successful answer. */
export type ApiOutput<K extends ApiOperation> = z.output<Contract[K]['response']>;
