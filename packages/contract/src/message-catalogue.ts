/* No runtime zod here: screens word these messages before their schemas load. */

/**
 * Every message a form can show, by key, with its default wording: the
 * spec's English text, word for word (spec 1 §5, spec 2 §5, §8). Schemas
 * carry the key as their issue message; the server and the screens word it
 * with `wordMessage`, so a dictionary word of the same key translates it.
 * `{name}` in a wording is filled from the message's values.
 *
 * The points, gifts, redeem and agency keys are the dictionary keys the
 * content already translates (`points.message.*`, `gifts.message.*`,
 * `redeem.message.*`, `agency.linkForOptIn`…).
 */
export const messageCatalogue = {
  'validation.required': 'Field is required',
  'validation.pattern': "Pattern doesn't match",
  'validation.passwordMismatch': 'Password mismatch',
  'validation.numbersOnly': 'Only numbers are allowed',
  'validation.maxLength': 'Max length exceeded',
  'validation.name': 'Only latin letters, spaces, commas, points and hyphens allowed',
  'validation.newPassword':
    'Minimum 7 characters, maximum 20 characters, must contain letter and digit',
  'validation.oldPassword': 'Minimum 6 characters, maximum 20 characters',
  'validation.shortText': 'Maximum 20 characters',
  'validation.sign': 'Geben Sie die ersten 4 Ziffern',
  // The example is the country's (country.json's phoneExample, sent with the layout).
  'validation.phone': 'Wrong format, e.g. {phoneExample}',
  'validation.email': 'Wrong format, e.g. name@example.com',
  'validation.invalidCredentials': 'Invalid Username or Password',
  'validation.invalidPassword': 'Invalid Password',
  'validation.officeNotFound': 'Office ID not found',
  'validation.commonPassword': 'This password is too common. Please choose another one.',

  'points.message.pnrRequired': 'Please enter a PNR.',
  'points.message.pnrPattern': 'A PNR has 5 to 8 letters and digits.',
  'points.message.dateRequired': 'Please enter a date.',
  'points.message.dateFormat': 'Use the format YYYY-MM-DD.',
  // The calendar's bounds (FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE of calendar-date.ts).
  'points.message.dateRange': 'Use a date from 1900-01-01 to 2199-12-31.',
  'points.message.dateOrder': 'The start date must not be after the end date.',
  // Refusals of a missing-points claim (claims.ts).
  'claims.message.alreadyEarned': 'This booking has already earned you points: nothing is missing.',
  'claims.message.pending':
    'This booking is yours and still pending: its points come once you have travelled.',
  'claims.message.alreadyOpen': 'You already have an open claim for this booking.',
  'claims.message.tooManyOpen':
    'You have too many open claims. Please wait for a decision before you file another.',

  'redeem.message.notEnoughPoints': 'You do not have enough points to redeem this item.',
  'redeem.message.noGiftSelected': 'Please select at least one gift.',
  'redeem.message.orderingDisabled': 'Sorry, ordering is currently disabled',
  'redeem.message.addressTooLong': 'Max length exceeded',
  'redeem.message.addressRequired': 'Please enter the delivery address.',
  // Nothing is preselected that changes where a gift goes: the member chooses.
  'redeem.message.deliveryRequired': 'Please choose how you want to receive your gifts.',
  // A redeem form whose order key is missing or tampered with.
  'redeem.message.reloadPage': 'Reload the page and order again.',
  'gifts.message.orderingDisabled': 'Sorry, ordering is currently disabled',
  'gifts.message.noGifts': 'Sorry, no gifts to choose',

  'agency.message.linkInvalid': 'This link is not valid any more. Please ask for a new one.',
  'agency.message.agreeRequired': 'Please agree to take part in the club.',
  'agency.message.confirmRequired': 'Please confirm that your agency leaves the club.',
  'agency.linkForOptIn': 'This link is for taking part in the club, on the agency opt-in page.',
  'agency.linkForOptOut': 'This link is for leaving the club, on the agency opt-out page.',

  // The emailed-link pages' answers (spec 1 §2, §8).
  'account.message.invalidLink': 'Sorry for the inconvenience. The link is not valid any more.',
  'account.message.alreadyActive': 'Your Amadeus+Me account is already active!',
  'account.message.alreadyRestored': 'Already restored!',
  'account.message.error': 'Error',

  // Field messages of the registration, login and profile calls.
  'member.message.emailTaken': 'This email address is already registered',
  'member.message.officeInactive':
    'Your agency has not joined the club yet. Ask your manager for access.',
  'member.message.directOffice':
    'This office ID belongs to a direct-sales office, whose agents use the direct-access platform.',
  'member.message.unknownCountry': 'Select a country of the club',
  'member.message.tooManyAttempts': 'Too many attempts. Please try again in a few minutes.',
  /** Login with the right password to an account deleted within its retention time. */
  'member.message.deleted':
    'This account was deleted. You can still restore it: the link below mails you a restore link.',
  'member.message.pending':
    'Please confirm your email address first. Use "Activate account" to get a new link.',
  // The decision-maker notify form of registration, when the office has too many waiting addresses.
  'member.message.waitingListFull': "This office's waiting list is full.",

  // Why the redeem form's order was refused for one of its gifts (its errorText).
  'redeem.message.unavailable': '{gift} is no longer available.',
  'redeem.message.soldOut': '{gift} is sold out.',
  'redeem.message.fewLeft': 'Only {count} left of {gift}.',

  // The generic submit error of the error catalogue (spec 1 §8).
  'error.submitFailed': 'Some server or network problems, please try again later',
} as const;

export type MessageKey = keyof typeof messageCatalogue;

/**
 * Values a message takes when its wording names them and the caller has none:
 * the phone example of the club's first country, for calls that know no
 * country (the registration and profile calls' own checks).
 */
export const defaultMessageValues: MessageValues = { phoneExample: '+30 2101234567' };

/** Values of a message's `{name}` placeholders. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** A message as the contract speaks it: a key of the catalogue and its placeholders' values. */
export type KeyedMessage = { key: MessageKey; values?: MessageValues | undefined };

/** A page's dictionary words by key (the layout's and the page answer's `dictionary`). */
export type Words = Readonly<Record<string, string>>;

export function isMessageKey(text: string): text is MessageKey {
  return Object.hasOwn(messageCatalogue, text);
}

/**
 * Formats a counted wording (ICU MessageFormat: `{count, plural, one {# point}
 * other {# points}}`) in a locale (`el-GR`). The one formatter is
 * `formatCountedWording` of message-format.ts; importing that module installs
 * it. It is not imported here, so the web app's first script keeps it out
 * (a lazy chunk, loaded only by screens that show counts).
 */
export type CountedFormatter = (wording: string, values: MessageValues, locale: string) => string;

let countedFormatter: CountedFormatter | undefined;

export function installCountedFormatter(formatter: CountedFormatter): void {
  countedFormatter = formatter;
}

/** Whether the ICU formatter is installed (the web app loads it lazily). */
export const countedFormatterInstalled = (): boolean => countedFormatter !== undefined;

const countedSyntax = /\{\s*\w+\s*,\s*(?:plural|selectordinal|select)\s*,/;

/** A wording with plural or select forms, which only the ICU formatter words. */
export function isCountedWording(wording: string): boolean {
  return countedSyntax.test(wording);
}

/** `{name}` placeholders with a value filled in; the tiny path of wordings without plural forms. */
export function fillPlaceholders(wording: string, values: MessageValues): string {
  return wording.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

/**
 * A wording with its values, in a locale: plural and select forms through the
 * ICU formatter, plain `{name}` placeholders without it. Until the formatter
 * is installed, a counted wording takes each choice's `other` form, so no ICU
 * syntax ever shows (the web app loads the formatter before such a screen
 * paints, and words again once it is there).
 */
export function fillWording(wording: string, values: MessageValues = {}, locale = 'en'): string {
  if (!isCountedWording(wording)) return fillPlaceholders(wording, values);
  if (countedFormatter !== undefined) return countedFormatter(wording, values, locale);
  return fillPlaceholders(otherForms(wording, values), values);
}

/**
 * A counted wording with each `{name, plural|select, … other {…}}` replaced
 * by its `other` form (`#` the value): the stand-in before the formatter loads.
 */
export function otherForms(wording: string, values: MessageValues): string {
  let result = '';
  let index = 0;
  while (index < wording.length) {
    const rest = wording.slice(index);
    const choice = /^\{\s*(\w+)\s*,\s*(?:plural|selectordinal|select)\s*,/.exec(rest);
    if (choice === null) {
      result += wording[index];
      index += 1;
      continue;
    }
    const end = closingBrace(wording, index);
    const body = wording.slice(index + choice[0].length, end);
    const other = /(?:^|[\s}])other\s*\{/.exec(body);
    if (other !== null) {
      const start = other.index + other[0].length;
      const form = body.slice(start, closingBrace(body, start - 1));
      const value = values[choice[1]!];
      result += otherForms(form, values).replaceAll('#', value === undefined ? '#' : String(value));
    }
    index = end + 1;
  }
  return result;
}

/** The index of the brace closing the one at `open` (the end of the text when unbalanced). */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '{') depth += 1;
    else if (text[index] === '}' && --depth === 0) return index;
  }
  return text.length;
}

/**
 * The wording of a message in the page's language: the dictionary's word of
 * the same key when the content has one, else the English default; its
 * values are filled in, plural forms chosen by the rules of `locale`.
 */
export function wordMessage(
  { key, values }: KeyedMessage,
  words: Words = {},
  locale = 'en',
): string {
  const word = Object.hasOwn(words, key) ? words[key] : undefined;
  const wording = word === undefined || word.trim() === '' ? messageCatalogue[key] : word;
  return fillWording(wording, { ...defaultMessageValues, ...values }, locale);
}

/**
 * A message text as it reached a screen or an answer: a catalogue key (from a
 * schema) is worded, any other text (worded already, by the server) stays as it is.
 */
export function wordText(
  text: string,
  words: Words = {},
  values?: MessageValues,
  locale = 'en',
): string {
  return isMessageKey(text) ? wordMessage({ key: text, values }, words, locale) : text;
}

/** The parts of a schema issue that a message's values come from (a zod issue fits). */
export type IssueLike = {
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  params?: Readonly<Record<string, unknown>> | undefined;
};

/**
 * An issue's message in the given words. Its values are the issue's bounds
 * (`{minimum}`, `{maximum}` of a length rule) and the `params` of a custom
 * issue, so a translation can name them, beside the page's own values
 * (`pageValues`: the country's `phoneExample`); plural forms follow `locale`.
 */
export function wordIssue(
  issue: IssueLike,
  words: Words = {},
  locale = 'en',
  pageValues: MessageValues = {},
): string {
  const values: Record<string, string | number> = { ...pageValues };
  for (const [name, value] of Object.entries({
    ...issue.params,
    minimum: issue.minimum,
    maximum: issue.maximum,
  })) {
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
    else if (typeof value === 'bigint') values[name] = value.toString();
  }
  return wordText(issue.message, words, values, locale);
}
