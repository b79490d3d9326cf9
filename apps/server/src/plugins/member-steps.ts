import type { Db } from '../db/client';

/** A feature's part of a change to a member, in the database or transaction it is handed. */
type MemberStep = (db: Db, userId: number) => Promise<void>;

/**
 * What features do when a member's standing changes, run by the one use-case that changes it, so
 * that the use-case spans them without importing any. Each feature adds its steps when it
 * registers (features.ts), and they run in that order.
 * - `confirmed`: before the address counts as confirmed (use-cases/confirm-email.ts). A step that
 *   fails leaves the member unconfirmed and a new code runs it again, so it must be idempotent.
 * - `leaving`: inside the member's deletion (use-cases/delete-member.ts), once their row is locked
 *   and before it goes; `db` is that transaction, and a step that fails undoes the deletion.
 */
export type MemberSteps = { confirmed: MemberStep[]; leaving: MemberStep[] };
