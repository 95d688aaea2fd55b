import { expect } from '@playwright/test';

export type SinkMessage = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
};

const sinkUrl = `http://127.0.0.1:${process.env.MAIL_SINK_HTTP_PORT ?? 3199}/messages`;

async function messagesTo(address: string): Promise<SinkMessage[]> {
  const answer = await fetch(sinkUrl);
  const all = (await answer.json()) as SinkMessage[];
  return all.filter((message) => message.to.includes(address.toLowerCase()));
}

/** Waits until the `count`-th message to `address` arrives (the server sends through its outbox). */
export async function waitForMail(address: string, count = 1): Promise<SinkMessage> {
  let found: SinkMessage[] = [];
  await expect
    .poll(async () => (found = await messagesTo(address)).length, {
      message: `mail number ${count} to ${address}`,
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(count);
  return found[count - 1]!;
}

/** All messages to `address` so far. */
export function mailsTo(address: string): Promise<SinkMessage[]> {
  return messagesTo(address);
}

/** The first link of a message that leads to `pageName` (with its query). */
export function linkTo(message: SinkMessage, pageName: string): string {
  const links = [...message.text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);
  const link = links.find((href) => new URL(href).pathname.endsWith(`/${pageName}`));
  if (!link) throw new Error(`no link to ${pageName} in "${message.subject}": ${links.join(', ')}`);
  return link;
}

/** A unique address for one test, so parallel tests never read each other's mail. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@travel.example`;
}
