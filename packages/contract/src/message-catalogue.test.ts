import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agencyMessages } from './agency.js';
import { FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE } from './calendar-date.js';
import { giftMessages, redeemOrderingDisabled } from './gift-rules.js';
import {
  isMessageKey,
  messageCatalogue,
  wordIssue,
  wordMessage,
  wordText,
  type MessageKey,
} from './message-catalogue.js';
import { pointsSearchMessages } from './points.js';
import { messages, OfficeIdSchema } from './validation-rules.js';

describe('the message catalogue', () => {
  it("words the spec's messages word for word by default (spec 1 §5, spec 2 §8)", () => {
    const english: Record<string, string> = {
      [messages.required]: 'Field is required',
      [messages.pattern]: "Pattern doesn't match",
      [messages.passwordMismatch]: 'Password mismatch',
      [messages.numbersOnly]: 'Only numbers are allowed',
      [messages.maxLength]: 'Max length exceeded',
      [messages.name]: 'Only latin letters, spaces, commas, points and hyphens allowed',
      [messages.newPassword]:
        'Minimum 7 characters, maximum 20 characters, must contain letter and digit',
      [messages.oldPassword]: 'Minimum 6 characters, maximum 20 characters',
      [messages.shortText]: 'Maximum 20 characters',
      [messages.sign]: 'Geben Sie die ersten 4 Ziffern',
      [messages.phone]: 'Wrong format, e.g. +30 2101234567',
      [messages.email]: 'Wrong format, e.g. name@example.com',
      [messages.invalidCredentials]: 'Invalid Username or Password',
      [messages.invalidPassword]: 'Invalid Password',
      [messages.officeNotFound]: 'Office ID not found',
      [messages.commonPassword]: 'This password is too common. Please choose another one.',
      [giftMessages.notEnoughPoints]: 'You do not have enough points to redeem this item.',
      [giftMessages.noGiftSelected]: 'Please select at least one gift.',
      [giftMessages.orderingDisabled]: 'Sorry, ordering is currently disabled',
      [redeemOrderingDisabled]: 'Sorry, ordering is currently disabled',
      [giftMessages.noGifts]: 'Sorry, no gifts to choose',
      [giftMessages.addressTooLong]: 'Max length exceeded',
      [giftMessages.addressRequired]: 'Please enter the delivery address.',
      [giftMessages.reloadPage]: 'Reload the page and order again.',
      [pointsSearchMessages.pnrRequired]: 'Please enter a PNR.',
      [pointsSearchMessages.pnrPattern]: 'A PNR has 5 to 8 letters and digits.',
      [pointsSearchMessages.dateRequired]: 'Please enter a date.',
      [pointsSearchMessages.dateFormat]: 'Use the format YYYY-MM-DD.',
      [pointsSearchMessages.dateOrder]: 'The start date must not be after the end date.',
      [agencyMessages.linkInvalid]: 'This link is not valid any more. Please ask for a new one.',
      [agencyMessages.agreeRequired]: 'Please agree to take part in the club.',
      [agencyMessages.linkForOptIn]:
        'This link is for taking part in the club, on the agency opt-in page.',
      [agencyMessages.linkForOptOut]:
        'This link is for leaving the club, on the agency opt-out page.',
    };
    for (const [key, text] of Object.entries(english)) {
      expect(isMessageKey(key), key).toBe(true);
      expect(wordMessage({ key: key as MessageKey }), key).toBe(text);
    }
  });

  it("words the points search's date range with the calendar's bounds", () => {
    expect(wordMessage({ key: pointsSearchMessages.dateRange })).toBe(
      `Use a date from ${FIRST_CALENDAR_DATE} to ${LAST_CALENDAR_DATE}.`,
    );
  });

  it('has a default wording for every key the schemas and screens use', () => {
    const keys: MessageKey[] = [
      ...Object.values(messages),
      ...Object.values(giftMessages),
      redeemOrderingDisabled,
      ...Object.values(pointsSearchMessages),
      ...Object.values(agencyMessages),
    ];
    for (const key of keys) expect(messageCatalogue[key].trim(), key).not.toBe('');
    for (const [key, wording] of Object.entries(messageCatalogue)) {
      expect(wording.trim(), key).not.toBe('');
    }
  });

  it("takes the dictionary's word of the same key, else the English default", () => {
    const words = { 'validation.required': 'Υποχρεωτικό πεδίο', 'validation.pattern': '  ' };
    expect(wordMessage({ key: 'validation.required' }, words)).toBe('Υποχρεωτικό πεδίο');
    // A blank word is no translation.
    expect(wordMessage({ key: 'validation.pattern' }, words)).toBe("Pattern doesn't match");
    expect(wordMessage({ key: 'validation.email' }, words)).toBe(
      'Wrong format, e.g. name@example.com',
    );
    // Inherited members are no words.
    expect(
      wordMessage(
        { key: 'validation.required' },
        Object.create({ 'validation.required': 'inherited' }) as Record<string, string>,
      ),
    ).toBe('Field is required');
  });

  it('fills placeholders from the values, and leaves those without a value', () => {
    const words = { 'validation.maxLength': 'Höchstens {maximum} Zeichen ({field}, {maximum})' };
    expect(wordMessage({ key: 'validation.maxLength', values: { maximum: 20 } }, words)).toBe(
      'Höchstens 20 Zeichen ({field}, 20)',
    );
  });

  it('words a key, and leaves a text that is no key (one the server worded) as it came', () => {
    expect(wordText('validation.required')).toBe('Field is required');
    expect(wordText('Υποχρεωτικό πεδίο')).toBe('Υποχρεωτικό πεδίο');
    expect(wordText('toString')).toBe('toString');
  });

  it("words a schema's issue with the issue's bounds as values", () => {
    const result = OfficeIdSchema.safeParse('x'.repeat(21));
    const issue = result.error!.issues[0]!;
    expect(wordIssue(issue)).toBe('Maximum 20 characters');
    expect(wordIssue(issue, { 'validation.shortText': 'Maximal {maximum} Zeichen' })).toBe(
      'Maximal 20 Zeichen',
    );
    const custom = z
      .string()
      .superRefine((_, context) =>
        context.addIssue({ code: 'custom', message: messages.pattern, params: { example: 'a1' } }),
      )
      .safeParse('');
    expect(wordIssue(custom.error!.issues[0]!, { 'validation.pattern': 'z.B. {example}' })).toBe(
      'z.B. a1',
    );
  });
});
