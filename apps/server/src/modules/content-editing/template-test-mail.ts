import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notFound, validationFailed } from '../../lib/http-error.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';
import { countries, countryLanguages } from '../content/schema.js';
import { pageUrl } from '../content/member-page-urls.js';
import { sanitiseMailHtml, type MailLinkHosts } from '../mail/mail-html.js';
import { fillMailParts, type MailTemplateName } from '../mail/mail-templates.js';
import { enqueueWrittenMail } from '../mail/outbox.js';
import { checkMailTemplate, templatePlaceholders } from './mail-template-rules.js';

/** Sample values of the mails' placeholders: what a member's mail would carry, plainly made up. */
const samples: Record<string, string> = {
  number: '9000001',
  firstName: 'Maria',
  newEmail: 'new.address@example.com',
  support: 'support@example.com',
  linkLifeTime: '30',
  officeId: 'ATHGR2100',
  agencyName: 'Sample Travel',
  agentName: 'Maria Sample',
  points: '120',
  date: '2030-12-31',
  days: '30',
  orderId: '1001',
  reason: 'A sample reason',
  gifts: 'Sample gift × 1',
  vouchers: 'SAMPLE-CODE-1234',
  pnr: 'ABC123',
};

/** The mail's placeholders filled with samples; its links lead to the country's site. */
function sampleVariables(template: MailTemplateName, siteUrl: string): Record<string, string> {
  const { placeholders } = templatePlaceholders(template);
  return Object.fromEntries(
    placeholders.map((name) => [
      name,
      /link$/i.test(name) ? siteUrl : (samples[name] ?? `[${name}]`),
    ]),
  );
}

/**
 * A test mail of a mail template as the staff member typed it (saved or not):
 * checked as a save checks it, filled with sample values, sent to the staff
 * member's own address through the outbox with "[Test]" before its subject,
 * and audited (`content.test-mail`). Nothing of the content changes.
 */
export async function sendTestMail(
  db: Database,
  staff: { actor: AuditActor; email: string; at: Date },
  locale: { countryCode: string; languageCode: string },
  template: MailTemplateName,
  written: { subject: string; text: string; html: string },
  hosts: MailLinkHosts,
): Promise<{ sentTo: string; removed: string[] }> {
  const { html, removed } = sanitiseMailHtml(written.html, hosts);
  const parts = { ...written, html };
  const problems = checkMailTemplate(template, parts);
  if (problems.html === undefined && html.replace(/<[^>]*>/g, '').trim() === '') {
    problems.html = 'Nothing is left of the HTML once what a mail may not carry is removed';
  }
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
  const [language] = await db
    .select({
      shortCode: countryLanguages.shortCode,
      isRtl: countryLanguages.isRtl,
      defaultLanguageCode: countries.defaultLanguageCode,
      subDomainDisabled: countries.subDomainDisabled,
    })
    .from(countryLanguages)
    .innerJoin(countries, eq(countries.code, countryLanguages.countryCode))
    .where(
      and(
        eq(countryLanguages.countryCode, locale.countryCode),
        eq(countryLanguages.languageCode, locale.languageCode),
      ),
    );
  if (language === undefined) throw notFound();
  // The links lead to the home page of the country's site in that language.
  const siteUrl = pageUrl(hosts, { ...locale, ...language, page: '' });
  const mail = fillMailParts(
    parts,
    sampleVariables(template, siteUrl),
    language,
    locale.countryCode,
  );
  const target = `${locale.countryCode}/${locale.languageCode}/mail/${template}`;
  await db.transaction(async (tx) => {
    await enqueueWrittenMail(tx, {
      to: staff.email,
      template: `test:${template}`,
      subject: `[Test] ${mail.subject}`,
      text: mail.text,
      html: mail.html,
    });
    await recordAudit(
      tx,
      staff.actor,
      {
        action: 'content.test-mail',
        targetType: 'content',
        target,
        countryCode: locale.countryCode,
        after: { sentTo: staff.email, subject: parts.subject },
      },
      staff.at,
    );
  });
  return { sentTo: staff.email, removed };
}
