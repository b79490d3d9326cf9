import { pgError } from './db-errors';

/** Serialization failure and deadlock: PostgreSQL gave up on the transaction, not on its data. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

/**
 * Runs a whole transaction again when PostgreSQL aborted it for colliding with another one (two
 * members deleted at once whose likes touch the same posts: the counters' triggers lock them;
 * two transfers between the same accounts).
 */
export async function retryingCollisions<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      const code = pgError(error)?.code;
      if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
