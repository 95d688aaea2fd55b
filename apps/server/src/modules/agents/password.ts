import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing: argon2id with the parameters the club settled on
 * (m=19456 KiB, t=2, p=1), about 8 ms per verify on our machines.
 */
const options = {
  algorithm: 2, // Argon2id (the library's const enum cannot be imported here)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never matches.
    return false;
  }
}

/** A hash to verify against when the member does not exist, so both answers take as long. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-1');
  return dummyHash;
}
