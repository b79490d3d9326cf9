import { hash, verify } from '@node-rs/argon2';

// DESIGN §7: argon2id, m = 19 MiB, t = 2, p = 1. `algorithm: 2` is Algorithm.Argon2id; the
// package declares it as an ambient const enum, which isolated modules cannot read.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password);

/** Checked when no account matches, so a wrong e-mail costs the same time as a wrong password. */
let decoyHash: Promise<string> | undefined;
export async function verifyDecoy(password: string) {
  decoyHash ??= hashPassword('decoy password, never a real one');
  await verify(await decoyHash, password);
  return false;
}
