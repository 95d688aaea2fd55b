import type { Transaction } from '../../db/client.js';
import { renderMail, type MailInput } from './mail-templates.js';
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
