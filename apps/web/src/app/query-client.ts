import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client';

/** One more try, soon: a blip passes in that time, and a page down keeps "Loading..." short. */
const MAX_RETRIES = 1;
const RETRY_DELAY_MS = 500;

const isClientError = (error: unknown) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change on a retry: its error text shows after the first failure.
        // Network blips and 5xx may pass.
        retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_RETRIES,
        retryDelay: RETRY_DELAY_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
