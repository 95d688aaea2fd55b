import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@club/contract/envelope';
import { messages } from '@club/contract/validation-rules';
import { HttpError, validationFailed } from '../../lib/http-error.js';
import type { LoginLimiter } from '../limits/login-limiter.js';
import { loginMessages } from './login-routes.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import { agents } from './schema.js';
import { limitAddress } from '../limits/client-address.js';

/**
 * Checks the member's current password (`oldPassword`) before a new password
 * or a new email is taken, so that a stolen session token alone cannot take
 * the account over (OWASP ASVS 5.0: a password change needs the current
 * password, and a change of the email re-authentication). A guess counts like a failed
 * login of the member's number from the client's address, under the same
 * limits and backoff: the token does not give a second, unlimited way to try
 * passwords. Missing: 400 'Field is required'; wrong: 400 'Invalid Password';
 * blocked: 429 with Retry-After. All on the field `oldPassword`.
 */
export async function checkCurrentPassword(
  limiter: LoginLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  member: { id: number; number: string },
  oldPassword: string,
  now: Date,
): Promise<void> {
  if (oldPassword === '') throw validationFailed({ oldPassword: messages.required });
  const gate = await limiter.attempt<{ passwordHash: string }>(
    member.number,
    limitAddress(request.ip),
    now,
    sql`select ${agents.passwordHash} as "passwordHash" from ${agents} where ${agents.id} = ${member.id}`,
  );
  if (!gate.allowed) {
    void reply.header('retry-after', String(gate.retryAfterSeconds));
    throw new HttpError(429, ErrorCode.tooManyRequests, {
      oldPassword: loginMessages.tooManyAttempts,
    });
  }
  const passwordHash = gate.row?.passwordHash ?? (await dummyPasswordHash());
  if (!(await verifyPassword(passwordHash, oldPassword))) {
    throw validationFailed({ oldPassword: messages.invalidPassword });
  }
  await limiter.succeeded(gate.attempt);
}
