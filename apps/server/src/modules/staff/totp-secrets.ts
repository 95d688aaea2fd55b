import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest (staff accounts and setup links): with
 * `TOTP_SECRET_KEY` each is stored encrypted with AES-256-GCM (a fresh 96-bit
 * nonce each time, the tag checked on reading), so a copy of the database or
 * a backup does not hand over the staff's second factor. Without a key they
 * are stored as they are. A plain secret stored before a key was given keeps
 * working and is stored encrypted the next time it is written (the
 * account's next login, a setup).
 *
 * A stored value is `aes256gcm:` and base64url of nonce, tag and ciphertext;
 * a plain secret is base32 (capitals and digits only), so the two never mix.
 */
const sealedPrefix = 'aes256gcm:';
/** Binds every ciphertext to this one use of the key. */
const purpose = Buffer.from('club staff TOTP secret');
const nonceBytes = 12;
const tagBytes = 16;

/** Whether a stored value is an encrypted secret. */
export function isSealedTotpSecret(stored: string): boolean {
  return stored.startsWith(sealedPrefix);
}

/** The value to store for a secret: encrypted with the key, or the secret itself without one. */
export function sealTotpSecret(secret: string, key: Buffer | undefined): string {
  if (key === undefined) return secret;
  const nonce = randomBytes(nonceBytes);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: tagBytes });
  cipher.setAAD(purpose);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${sealedPrefix}${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/**
 * The secret of a stored value: a plain one as it is, an encrypted one
 * decrypted; undefined when it cannot be read (no key, another key, or a
 * value changed in the database).
 */
export function openTotpSecret(stored: string, key: Buffer | undefined): string | undefined {
  if (!isSealedTotpSecret(stored)) return stored;
  if (key === undefined) return undefined;
  const raw = Buffer.from(stored.slice(sealedPrefix.length), 'base64url');
  if (raw.length <= nonceBytes + tagBytes) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, nonceBytes), {
      authTagLength: tagBytes,
    });
    decipher.setAAD(purpose);
    decipher.setAuthTag(raw.subarray(nonceBytes, nonceBytes + tagBytes));
    return Buffer.concat([
      decipher.update(raw.subarray(nonceBytes + tagBytes)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}
