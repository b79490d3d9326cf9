import { apiRoutes, type ApiOperation } from '@devplay/shared';

/** A request's URL parts as the client reads them once the contract has checked their types. */
export interface OperationValues {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
}

/** The route's path with each `:name` filled in, then the query's defined values. */
export function operationUrl(
  operation: ApiOperation,
  { params = {}, query = {} }: OperationValues = {},
): string {
  const path = apiRoutes[operation].path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
