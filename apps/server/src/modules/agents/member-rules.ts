import { wordMessage } from '@club/contract/message-catalogue';
import { validationFailed } from '../../lib/http-error.js';

/** Messages of the server-only checks of registration and profile update, in English (the calls have no language). */
export const memberMessages = {
  emailTaken: wordMessage({ key: 'member.message.emailTaken' }),
  officeInactive: wordMessage({ key: 'member.message.officeInactive' }),
  directOffice: wordMessage({ key: 'member.message.directOffice' }),
  unknownCountry: wordMessage({ key: 'member.message.unknownCountry' }),
};

export const alreadyRegistered = () => validationFailed({ email: memberMessages.emailTaken });

/** The sign (first 4 digits of the agent sign) applies to Austria only (spec 1 §2 step 5). */
export function signFor(countryCode: string, sign: string): string {
  return countryCode === 'at' ? sign : '';
}
