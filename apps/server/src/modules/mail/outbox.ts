import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { renderMail, type MailInput, type MailTemplateWords } from './mail-templates.js';
import { outboxSignal } from './outbox-signal.js';
import { mailOutbox } from './schema.js';

export type { MailTemplateName } from './mail-templates.js';

export type MailToQueue = MailInput & { to: string };

/**
 * Renders a mail in the member's language and writes it to the outbox in the
 * caller's transaction: it is sent only if the change that causes it
 * commits, and it survives an SMTP outage (see docs/decisions/021).
 */
export async function enqueueMail(tx: Transaction, mail: MailToQueue): Promise<void> {
  const rendered = await renderMail(tx, mail);
  await tx.insert(mailOutbox).values({
    recipient: mail.to,
    template: mail.template,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
  });
  outboxSignal.raise();
}

/** A mail whose words are not content: the staff console's own, in English. */
export type WrittenMail = {
  to: string;
  template: string;
  subject: string;
  text: string;
  html: string;
};

/**
 * Writes a mail made by its caller to the outbox in the caller's transaction
 * (a staff member's setup link: staff mail is English and belongs to no
 * country, so it has no content template); sent as every other mail.
 */
export async function enqueueWrittenMail(tx: Transaction, mail: WrittenMail): Promise<void> {
  await tx.insert(mailOutbox).values({
    recipient: mail.to,
    template: mail.template,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
  outboxSignal.raise();
}

/**
 * The outbox row of a mail whose words were read beforehand
 * (`mailTemplateWords`), for a caller that writes it with its other rows in
 * one statement; the caller raises `outboxSignal` once it has written it.
 */
export function outboxRow(
  to: string,
  words: MailTemplateWords,
  variables: Readonly<Record<string, string>>,
): typeof mailOutbox.$inferInsert {
  const rendered = words.fill(variables);
  return {
    recipient: to,
    template: words.template,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
  };
}

/**
 * The insert of one mail into the outbox, for a statement that writes it
 * with the change it belongs to (a gift order's one write): plain text, as
 * drizzle walks every part of a statement on each call (decision 038).
 */
export function outboxInsert(
  to: string,
  words: MailTemplateWords,
  variables: Readonly<Record<string, string>>,
): SQL {
  const row = outboxRow(to, words, variables);
  return sql`insert into mail_outbox (recipient, subject, text, html, template)
    values (${row.recipient}, ${row.subject}, ${row.text}, ${row.html}, ${row.template})`;
}
