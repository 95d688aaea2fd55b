import type { MessageKey } from '@club/contract/message-catalogue';
import { validationFailed } from '../../lib/http-error.js';

/** Message keys of the server-only checks of registration and profile update, worded in the request's language by the error handler. */
export const memberMessages = {
  emailTaken: 'member.message.emailTaken',
  officeInactive: 'member.message.officeInactive',
  directOffice: 'member.message.directOffice',
  unknownCountry: 'member.message.unknownCountry',
  tooManyAttempts: 'member.message.tooManyAttempts',
} as const satisfies Record<string, MessageKey>;

export const alreadyRegistered = () => validationFailed({ email: memberMessages.emailTaken });

/** The sign (first 4 digits of the agent sign) applies to Austria only (spec 1 §2 step 5). */
export function signFor(countryCode: string, sign: string): string {
  return countryCode === 'at' ? sign : '';
}
