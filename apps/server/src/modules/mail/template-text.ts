/**
 * Fills `{{name}}` placeholders of a mail template. Values are escaped for
 * HTML in the HTML part, and kept on one line in a subject (a line break
 * there would start a new mail header). A placeholder without a value
 * becomes empty: a stray one in edited content must not leak into a mail.
 */
const placeholder = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

export type TemplateFormat = 'subject' | 'text' | 'html';

export function fillTemplate(
  template: string,
  variables: Readonly<Record<string, string>>,
  format: TemplateFormat,
): string {
  return template.replace(placeholder, (_match, name: string) => {
    const value = Object.hasOwn(variables, name) ? (variables[name] ?? '') : '';
    if (format === 'html') return escapeHtml(value);
    if (format === 'subject') return value.replace(/[\r\n]+/g, ' ');
    return value;
  });
}

/** The names of the placeholders a template uses. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(placeholder)].map((match) => match[1]!);
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
