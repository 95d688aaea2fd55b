import { createHash, randomBytes } from 'node:crypto';

/**
 * Session tokens: 32 random bytes (256 bits) as base64url, handed to the
 * client once; the database keeps only their SHA-256, so a copy of it opens
 * no session. A plain hash is enough for a random secret of this size (a slow
 * hash only helps against guessing, and there is nothing to guess).
 */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** 32 bytes in base64url without padding. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The token of an `Authorization: Bearer …` header, or undefined when there is none or it cannot be one of ours. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined || header.length > 100) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  return token !== undefined && tokenPattern.test(token) ? token : undefined;
}
