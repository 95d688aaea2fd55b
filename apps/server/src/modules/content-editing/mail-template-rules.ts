import {
  mailTemplates,
  optionalMailVariables,
  type MailTemplateName,
} from '../mail/mail-templates.js';
import { mailLinkPlaceholders } from '../mail/mail-html.js';
import { placeholdersOf } from '../mail/template-text.js';

export const isMailTemplate = (name: string): name is MailTemplateName =>
  Object.hasOwn(mailTemplates, name);

/** Every placeholder a template may use, and the links it must carry. */
export function templatePlaceholders(template: MailTemplateName): {
  placeholders: string[];
  links: string[];
} {
  return {
    placeholders: [...mailTemplates[template], ...optionalMailVariables],
    // Variables that carry a link: a mail that has one must show it in its text and link it in its HTML.
    links: mailTemplates[template].filter((name) => mailLinkPlaceholders.has(name)),
  };
}

/**
 * The placeholders of a template's subject, text and HTML, checked as the
 * mail module fills them: only the template's own, and its links in the text
 * and as `href="{{…}}"` in the HTML. Answers a message per field at fault.
 */
export function checkMailTemplate(
  template: MailTemplateName,
  parts: { subject: string; text: string; html: string },
): Record<string, string> {
  const { placeholders, links } = templatePlaceholders(template);
  const allowed = new Set(placeholders);
  const problems: Record<string, string> = {};
  for (const field of ['subject', 'text', 'html'] as const) {
    const unknown = placeholdersOf(parts[field]).filter((name) => !allowed.has(name));
    if (unknown.length > 0) {
      problems[field] =
        `{{${unknown[0]}}} is not a placeholder of this mail; it takes ${placeholders.map((name) => `{{${name}}}`).join(', ')}`;
    }
  }
  for (const link of links) {
    if (problems.text === undefined && !placeholdersOf(parts.text).includes(link)) {
      problems.text = `The text must carry the link {{${link}}}`;
    }
    if (problems.html === undefined && !parts.html.includes(`href="{{${link}}}"`)) {
      problems.html = `The HTML must link {{${link}}}: <a href="{{${link}}}">…</a>`;
    }
  }
  return problems;
}
