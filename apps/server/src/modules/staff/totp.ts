import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app reads: SHA-1, 6 digits, 30 s. */
const period = 30;

function totpOf(secret: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: 'Loyalty club staff',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret of 160 bits (RFC 4226's recommended length), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an authenticator app enrols from (shown as text and QR code). */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The time step of a moment. */
export function totpStep(now: number): number {
  return Math.floor(now / 1000 / period);
}

/** The code of a secret at a moment (tests, and the demo accounts' README example). */
export function totpCode(secret: string, now: number): string {
  return totpOf(secret).generate({ timestamp: now });
}

/**
 * The time step the code belongs to, within one step of `now` either way
 * (clocks drift), or null. The caller refuses a step already used.
 */
export function verifyTotp(secret: string, code: string, now: number): number | null {
  let totp: TOTP;
  try {
    totp = totpOf(secret);
  } catch {
    return null;
  }
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totpStep(now) + delta;
}
