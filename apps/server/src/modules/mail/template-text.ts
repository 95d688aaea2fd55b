import { formatLocaleDate } from '@club/contract/locale-date';
import { isCalendarDate } from '@club/contract/calendar-date';
import { isCountedWording } from '@club/contract/message-catalogue';
import { formatCountedWording } from '@club/contract/message-format';

/**
 * Fills `{{name}}` placeholders of a mail template. Values are escaped for
 * HTML in the HTML part, and kept on one line in a subject (a line break
 * there would start a new mail header). A placeholder without a value
 * becomes empty: a stray one in edited content must not leak into a mail.
 *
 * Counts take plural forms in ICU MessageFormat's single braces
 * (`{points, plural, one {# point} other {# points}}`), worded by the club's
 * one formatter in the mail's locale; a date value (`YYYY-MM-DD`) is written
 * in the locale's words ("23 Ιανουαρίου 2027").
 */
const placeholder = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;
const countedPlaceholder = /\{\s*([A-Za-z][A-Za-z0-9]*)\s*,\s*(?:plural|selectordinal|select)\s*,/g;

export type TemplateFormat = 'subject' | 'text' | 'html';

/**
 * Values that read left to right in any language: member numbers, codes,
 * order numbers, addresses. In the HTML part each is isolated as its own
 * left-to-right span, so a right-to-left mail never turns a code around
 * or moves it among its neighbours. (A remark in a
 * template keeps `RM*AMA {{number}}` inside one `dir="ltr"` element of its
 * own: mail-templates.test.ts checks the demo's.) Links are not among them:
 * they stand in `href` attributes.
 */
export const leftToRightPlaceholders: ReadonlySet<string> = new Set([
  'number',
  'officeId',
  'orderId',
  'vouchers',
  'newEmail',
  'support',
]);

/** Whether `offset` of an HTML template lies inside a tag (an attribute's value), not in text. */
function insideTag(template: string, offset: number): boolean {
  return template.lastIndexOf('<', offset) > template.lastIndexOf('>', offset);
}

/** Private-use marks around a `{{name}}` while the ICU formatter reads the template: no meaning to it. */
const kept = (name: string) => `\uE000${name}\uE001`;
const keptPlaceholder = /\uE000([A-Za-z][A-Za-z0-9]*)\uE001/g;

export function fillTemplate(
  template: string,
  variables: Readonly<Record<string, string>>,
  format: TemplateFormat,
  locale = 'en',
): string {
  const value = (name: string) => {
    const raw = Object.hasOwn(variables, name) ? (variables[name] ?? '') : '';
    return isCalendarDate(raw) ? formatLocaleDate(raw, locale) : raw;
  };
  const fill = (_match: string, name: string, offset: number, whole: string) => {
    const filled = value(name);
    if (format === 'html') {
      const escaped = escapeHtml(filled);
      return leftToRightPlaceholders.has(name) && filled !== '' && !insideTag(whole, offset)
        ? `<span dir="ltr">${escaped}</span>`
        : escaped;
    }
    if (format === 'subject') return filled.replace(/[\r\n]+/g, ' ');
    return filled;
  };
  if (!isCountedWording(template)) return template.replace(placeholder, fill);
  const counts: Record<string, number> = {};
  for (const [name, raw] of Object.entries(variables))
    if (/^-?\d+$/.test(raw)) counts[name] = Number(raw);
  const worded = formatCountedWording(
    template.replace(placeholder, (_match, name: string) => kept(name)),
    counts,
    locale,
  );
  return worded.replace(keptPlaceholder, fill);
}

/** The names of the placeholders a template uses, counted ones included. */
export function placeholdersOf(template: string): string[] {
  return [
    ...[...template.matchAll(placeholder)].map((match) => match[1]!),
    ...[...template.matchAll(countedPlaceholder)].map((match) => match[1]!),
  ];
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
