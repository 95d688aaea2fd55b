import { createHash, randomBytes } from 'node:crypto';

/**
 * Staff session and setup-link tokens: `stf_` and 32 random bytes in
 * base64url. The prefix keeps them apart from members' tokens (43 characters,
 * no prefix): a member's token is no staff token by its form, and a staff
 * token fails the members' token pattern before any lookup. Stored as SHA-256.
 */
const prefix = 'stf_';
const staffTokenPattern = /^stf_[A-Za-z0-9_-]{43}$/;

export function newStaffToken(): { token: string; tokenHash: string } {
  const token = prefix + randomBytes(32).toString('base64url');
  return { token, tokenHash: hashStaffToken(token) };
}

export function hashStaffToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function isStaffToken(value: string): boolean {
  return staffTokenPattern.test(value);
}

/** The staff token of an `Authorization: Bearer …` header, or undefined. */
export function staffBearerToken(header: string | undefined): string | undefined {
  if (header === undefined || header.length > 100) return undefined;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  return token !== undefined && isStaffToken(token) ? token : undefined;
}
