import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  alertWindowProblem,
  type ContentMenuItem,
  type HeaderAlert,
  type HeaderImage,
  type PageContent,
} from '@club/contract/staff-content';
import type { Database, Transaction } from '../../db/client.js';
import { notFound, validationFailed } from '../../lib/http-error.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';
import { sanitiseMailHtml, type MailLinkHosts } from '../mail/mail-html.js';
import { mailTextKeys, type MailTemplateName } from '../mail/mail-templates.js';
import { lockContent, publishContent } from '../content/load-content.js';
import { alertColumns, alertOfRow, type StoredAlert } from '../content/content-repository.js';
import {
  contentStaffEdits,
  countryLanguages,
  dictionaryEntries,
  faqItems,
  headerAlerts,
  headerImages,
  menuItems,
  pages,
  texts,
} from '../content/schema.js';
import { checkMailTemplate } from './mail-template-rules.js';

/**
 * Staff edits of the content: each one transaction that changes the rows,
 * records who changed which part (`content_staff_edits`, which the import
 * keeps), writes the audit entry and bumps the content version, so every
 * server process serves the change within a second. Every query is served by
 * the content tables' primary keys (country, language, …).
 */

export type Locale = { countryCode: string; languageCode: string };
export type Editor = { db: Database; actor: AuditActor; at: Date };

const localeOf = (table: { countryCode: PgColumn; languageCode: PgColumn }, locale: Locale) =>
  and(eq(table.countryCode, locale.countryCode), eq(table.languageCode, locale.languageCode));

const pathOf = (locale: Locale, part: string) =>
  `${locale.countryCode}/${locale.languageCode}/${part}`;

/** One edit: the content lock, the change, the version bump; answers the published version. */
async function publishEdit(
  db: Database,
  change: (tx: Transaction) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockContent(tx);
    await change(tx);
    return publishContent(tx);
  });
}

/** The languages of a country, in order; 404 for a country without content. */
export async function languagesOf(db: Database | Transaction, countryCode: string) {
  const rows = await db
    .select({ code: countryLanguages.languageCode })
    .from(countryLanguages)
    .where(eq(countryLanguages.countryCode, countryCode))
    .orderBy(asc(countryLanguages.position));
  if (rows.length === 0) throw notFound();
  return rows.map((row) => row.code);
}

async function assertLanguage(tx: Transaction, locale: Locale): Promise<void> {
  const [row] = await tx
    .select({ code: countryLanguages.languageCode })
    .from(countryLanguages)
    .where(localeOf(countryLanguages, locale));
  if (row === undefined) throw notFound();
}

/** Marks parts as changed by staff: the import keeps them until told to take the files'. */
async function markEdited(
  tx: Transaction,
  editor: Editor,
  countryCode: string,
  paths: string[],
): Promise<void> {
  if (paths.length === 0) return;
  await tx
    .insert(contentStaffEdits)
    .values(
      paths.map((path) => ({
        countryCode,
        path,
        changedAt: editor.at,
        changedBy: editor.actor.label,
      })),
    )
    .onConflictDoUpdate({
      target: [contentStaffEdits.countryCode, contentStaffEdits.path],
      set: { changedAt: sql`excluded.changed_at`, changedBy: sql`excluded.changed_by` },
    });
}

async function audit(
  tx: Transaction,
  editor: Editor,
  countryCode: string,
  target: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  await recordAudit(
    tx,
    editor.actor,
    { action: 'content.update', targetType: 'content', target, countryCode, before, after },
    editor.at,
  );
}

// --- Lists: menu, alerts, banners --------------------------------------------

const readMenu = (tx: Transaction, locale: Locale): Promise<ContentMenuItem[]> =>
  tx
    .select({ pageName: menuItems.pageName, title: menuItems.title, audience: menuItems.audience })
    .from(menuItems)
    .where(localeOf(menuItems, locale))
    .orderBy(asc(menuItems.position));

const readAlerts = async (tx: Transaction, locale: Locale): Promise<HeaderAlert[]> =>
  (
    await tx
      .select(alertColumns)
      .from(headerAlerts)
      .where(localeOf(headerAlerts, locale))
      .orderBy(asc(headerAlerts.position))
  ).map(alertOfRow);

const readBanners = (tx: Transaction, locale: Locale): Promise<HeaderImage[]> =>
  tx
    .select({
      url: headerImages.url,
      target: headerImages.target,
      image: headerImages.image,
      imageMobile: headerImages.imageMobile,
      imageMacbook: headerImages.imageMacbook,
      alt: headerImages.alt,
    })
    .from(headerImages)
    .where(localeOf(headerImages, locale))
    .orderBy(asc(headerImages.position));

async function writeAlerts(tx: Transaction, locale: Locale, items: HeaderAlert[]): Promise<void> {
  await tx.delete(headerAlerts).where(localeOf(headerAlerts, locale));
  if (items.length > 0) {
    await tx
      .insert(headerAlerts)
      .values(items.map((item, position) => ({ ...locale, position, ...alertRowOf(item) })));
  }
}

/** An alert's row: its window's bounds as moments. */
const alertRowOf = (item: HeaderAlert): StoredAlert => ({
  hash: item.hash,
  type: item.type,
  text: item.text,
  startsAt: item.startsAt == null ? null : new Date(item.startsAt),
  endsAt: item.endsAt == null ? null : new Date(item.endsAt),
});

function assertDistinctHashes(items: HeaderAlert[]): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.hash)) {
      throw validationFailed({ [`items.${index}.hash`]: 'Another alert has this id' });
    }
    seen.add(item.hash);
  });
}

/** The header menu in its new order: adds, edits, removes and reorders in one. */
export async function saveMenu(editor: Editor, locale: Locale, items: ContentMenuItem[]) {
  return publishEdit(editor.db, async (tx) => {
    await assertLanguage(tx, locale);
    const before = await readMenu(tx, locale);
    await tx.delete(menuItems).where(localeOf(menuItems, locale));
    if (items.length > 0) {
      await tx
        .insert(menuItems)
        .values(items.map((item, position) => ({ ...locale, position, ...item })));
    }
    await markEdited(tx, editor, locale.countryCode, [pathOf(locale, 'menu')]);
    await audit(tx, editor, locale.countryCode, pathOf(locale, 'menu'), before, items);
  });
}

/** A language's header alerts in their new order. */
export async function saveAlerts(editor: Editor, locale: Locale, items: HeaderAlert[]) {
  assertDistinctHashes(items);
  return publishEdit(editor.db, async (tx) => {
    await assertLanguage(tx, locale);
    const before = await readAlerts(tx, locale);
    await writeAlerts(tx, locale, items);
    await markEdited(tx, editor, locale.countryCode, [pathOf(locale, 'alerts')]);
    await audit(tx, editor, locale.countryCode, pathOf(locale, 'alerts'), before, items);
  });
}

/** A language's banner slides in their new order. */
export async function saveBanners(editor: Editor, locale: Locale, items: HeaderImage[]) {
  return publishEdit(editor.db, async (tx) => {
    await assertLanguage(tx, locale);
    const before = await readBanners(tx, locale);
    await tx.delete(headerImages).where(localeOf(headerImages, locale));
    if (items.length > 0) {
      await tx
        .insert(headerImages)
        .values(items.map((item, position) => ({ ...locale, position, ...item })));
    }
    await markEdited(tx, editor, locale.countryCode, [pathOf(locale, 'banners')]);
    await audit(tx, editor, locale.countryCode, pathOf(locale, 'banners'), before, items);
  });
}

/**
 * One alert in every language of the country, published together: the alert
 * with the same id is replaced where it stands, or added last. `texts` must
 * hold every language of the country and no other.
 */
export async function publishCountryAlert(
  editor: Editor,
  countryCode: string,
  alert: {
    hash: string;
    type: HeaderAlert['type'];
    texts: Record<string, string>;
    startsAt?: string | null;
    endsAt?: string | null;
  },
) {
  return publishEdit(editor.db, async (tx) => {
    const languages = await languagesOf(tx, countryCode);
    const problems: Record<string, string> = {};
    for (const language of languages) {
      if (alert.texts[language] === undefined) problems[`texts.${language}`] = 'Enter the text';
    }
    for (const language of Object.keys(alert.texts)) {
      if (!languages.includes(language)) {
        problems[`texts.${language}`] = 'Not a language of the country';
      }
    }
    const windowProblem = alertWindowProblem(alert);
    if (windowProblem !== undefined) problems.endsAt = windowProblem;
    if (Object.keys(problems).length > 0) throw validationFailed(problems);
    const window = { startsAt: alert.startsAt ?? null, endsAt: alert.endsAt ?? null };
    const before: Record<string, HeaderAlert | null> = {};
    const after: Record<string, HeaderAlert> = {};
    for (const languageCode of languages) {
      const locale = { countryCode, languageCode };
      const items = await readAlerts(tx, locale);
      const published = alertOfRow(
        alertRowOf({
          hash: alert.hash,
          type: alert.type,
          text: alert.texts[languageCode]!,
          ...window,
        }),
      );
      const at = items.findIndex((item) => item.hash === alert.hash);
      before[languageCode] = at < 0 ? null : items[at]!;
      after[languageCode] = published;
      if (at < 0) items.push(published);
      else items[at] = published;
      await writeAlerts(tx, locale, items);
    }
    await markEdited(
      tx,
      editor,
      countryCode,
      languages.map((languageCode) => pathOf({ countryCode, languageCode }, 'alerts')),
    );
    await audit(tx, editor, countryCode, `${countryCode}/alerts/${alert.hash}`, before, after);
  });
}

/** Takes an alert down in every language of the country; 404 when no language has it. */
export async function removeCountryAlert(editor: Editor, countryCode: string, hash: string) {
  return publishEdit(editor.db, async (tx) => {
    const languages = await languagesOf(tx, countryCode);
    const before: Record<string, HeaderAlert> = {};
    for (const languageCode of languages) {
      const locale = { countryCode, languageCode };
      const items = await readAlerts(tx, locale);
      const removed = items.find((item) => item.hash === hash);
      if (removed === undefined) continue;
      before[languageCode] = removed;
      await writeAlerts(
        tx,
        locale,
        items.filter((item) => item.hash !== hash),
      );
    }
    const changed = Object.keys(before);
    if (changed.length === 0) throw notFound();
    await markEdited(
      tx,
      editor,
      countryCode,
      changed.map((languageCode) => pathOf({ countryCode, languageCode }, 'alerts')),
    );
    await audit(tx, editor, countryCode, `${countryCode}/alerts/${hash}`, before, null);
  });
}

// --- Words: dictionary, texts, mail templates ------------------------------

type WordTable = typeof dictionaryEntries | typeof texts;

async function writeWords(
  tx: Transaction,
  table: WordTable,
  locale: Locale,
  values: Record<string, string>,
): Promise<Record<string, string | null>> {
  const before: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(values)) {
    const [row] = await tx
      .select({ value: table.value })
      .from(table)
      .where(and(localeOf(table, locale), eq(table.key, key)));
    before[key] = row?.value ?? null;
    await tx
      .insert(table)
      .values({ ...locale, key, value })
      .onConflictDoUpdate({
        target: [table.countryCode, table.languageCode, table.key],
        set: { value },
      });
  }
  return before;
}

/** A dictionary word (new keys are added). */
export async function saveDictionaryWord(
  editor: Editor,
  locale: Locale,
  key: string,
  value: string,
) {
  return publishEdit(editor.db, async (tx) => {
    await assertLanguage(tx, locale);
    const before = await writeWords(tx, dictionaryEntries, locale, { [key]: value });
    const path = pathOf(locale, `dictionary/${key}`);
    await markEdited(tx, editor, locale.countryCode, [path]);
    await audit(tx, editor, locale.countryCode, path, before[key], value);
  });
}

/** A text by key (new keys are added); the mail templates' texts go through `saveMailTemplate`. */
export async function saveText(editor: Editor, locale: Locale, key: string, value: string) {
  if (key.startsWith('mail.')) {
    throw validationFailed({ key: 'Mail texts are edited as their mail template' });
  }
  return publishEdit(editor.db, async (tx) => {
    await assertLanguage(tx, locale);
    const before = await writeWords(tx, texts, locale, { [key]: value });
    const path = pathOf(locale, `texts/${key}`);
    await markEdited(tx, editor, locale.countryCode, [path]);
    await audit(tx, editor, locale.countryCode, path, before[key], value);
  });
}

/**
 * A mail template's subject, text and HTML, with its placeholders checked.
 * The HTML is kept as sanitised (mail-html.ts: mail-safe tags and
 * attributes, links to the club's hosts and the link placeholders, images of
 * the club's media); the answer says what was removed.
 */
export async function saveMailTemplate(
  editor: Editor,
  locale: Locale,
  template: MailTemplateName,
  written: { subject: string; text: string; html: string },
  hosts: MailLinkHosts,
): Promise<{ version: number; removed: string[] }> {
  const { html, removed } = sanitiseMailHtml(written.html, hosts);
  const parts = { ...written, html };
  const problems = checkMailTemplate(template, parts);
  if (problems.html === undefined && html.replace(/<[^>]*>/g, '').trim() === '') {
    problems.html = 'Nothing is left of the HTML once what a mail may not carry is removed';
  }
  if (problems.html !== undefined && removed.length > 0) {
    problems.html = `${problems.html} (removed: ${removed.join('; ')})`;
  }
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
  const [subjectKey, textKey, htmlKey] = mailTextKeys(template) as [string, string, string];
  const version = await publishEdit(editor.db, async (tx) => {
    await assertLanguage(tx, locale);
    const before = await writeWords(tx, texts, locale, {
      [subjectKey]: parts.subject,
      [textKey]: parts.text,
      [htmlKey]: parts.html,
    });
    await markEdited(
      tx,
      editor,
      locale.countryCode,
      [subjectKey, textKey, htmlKey].map((key) => pathOf(locale, `texts/${key}`)),
    );
    await audit(
      tx,
      editor,
      locale.countryCode,
      pathOf(locale, `mail/${template}`),
      { subject: before[subjectKey], text: before[textKey], html: before[htmlKey] },
      removed.length === 0 ? parts : { ...parts, removedFromHtml: removed },
    );
  });
  return { version, removed };
}

// --- Pages -------------------------------------------------------------------

/**
 * A page's title and texts, and its FAQ items when given (added, edited,
 * removed and reordered in one). Only a page the language has: 404 otherwise.
 */
export async function savePage(
  editor: Editor,
  locale: Locale,
  name: string,
  page: { title: string; text: string; postText: string; faqItems?: PageContent['faqItems'] },
) {
  return publishEdit(editor.db, async (tx) => {
    const [stored] = await tx
      .select({ title: pages.title, text: pages.text, postText: pages.postText })
      .from(pages)
      .where(and(localeOf(pages, locale), eq(pages.name, name)));
    if (stored === undefined) throw notFound();
    const pageFaq = and(localeOf(faqItems, locale), eq(faqItems.pageName, name));
    const storedFaq = await tx
      .select({ number: faqItems.number, title: faqItems.title, text: faqItems.text })
      .from(faqItems)
      .where(pageFaq)
      .orderBy(asc(faqItems.position));
    await tx
      .update(pages)
      .set({ title: page.title, text: page.text, postText: page.postText })
      .where(and(localeOf(pages, locale), eq(pages.name, name)));
    const faq = page.faqItems ?? storedFaq;
    if (page.faqItems !== undefined) {
      await tx.delete(faqItems).where(pageFaq);
      if (faq.length > 0) {
        await tx
          .insert(faqItems)
          .values(faq.map((item, position) => ({ ...locale, pageName: name, position, ...item })));
      }
    }
    const path = pathOf(locale, `pages/${name}`);
    await markEdited(tx, editor, locale.countryCode, [path]);
    await audit(
      tx,
      editor,
      locale.countryCode,
      path,
      { ...stored, faqItems: storedFaq },
      { title: page.title, text: page.text, postText: page.postText, faqItems: faq },
    );
  });
}
