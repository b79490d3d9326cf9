import { hash, verify } from '@node-rs/argon2';

type Cost = { memoryCost: number; timeCost: number };

/** DESIGN §7: argon2id, m = 19 MiB, t = 2, p = 1. */
export const DESIGN_PASSWORD_COST: Cost = { memoryCost: 19_456, timeCost: 2 };
let cost = DESIGN_PASSWORD_COST;

/**
 * Test runs only (test/setup.ts): a hash at the DESIGN's cost takes about 100 ms of a core, and
 * the server suites make thousands (every member, ten recovery codes at a time). Still argon2id
 * and still verified; a hash carries its own cost, so verifying needs no setting.
 */
export function setPasswordCost(next: Cost) {
  cost = next;
}

// `algorithm: 2` is Algorithm.Argon2id; the package declares it as an ambient const enum, which
// isolated modules cannot read.
export const hashPassword = (password: string) =>
  hash(password, { algorithm: 2, parallelism: 1, ...cost });

export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password);

/** Checked when no account matches, so a wrong e-mail costs the same time as a wrong password. */
let decoyHash: Promise<string> | undefined;
export async function verifyDecoy(password: string) {
  decoyHash ??= hashPassword('decoy password, never a real one');
  await verify(await decoyHash, password);
  return false;
}
