import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink received it, parsed. */
export type SunkMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Every http(s) address in the text part, in order: the links a reader would follow. */
  links: string[];
};

const linkPattern = /https?:\/\/[^\s<>"']+/g;

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((entry) => entry.value.map((value) => value.address ?? ''));
}

/**
 * A real SMTP server for tests that keeps every message it receives, parsed.
 * It can be stopped and started again on the same port (an SMTP outage), and
 * told to refuse the next messages with a temporary error.
 *
 *   const sink = await SmtpSink.start();
 *   // SMTP_URL = sink.url
 *   const mail = await sink.waitFor((m) => m.to.includes('agent@example.com'));
 *   await sink.stop();
 */
export class SmtpSink {
  readonly messages: SunkMail[] = [];
  /** SMTP connections accepted so far (`clear` resets it). */
  connections = 0;
  private server: SMTPServer | undefined;
  private refusals = 0;
  private waiters: { match: (mail: SunkMail) => boolean; resolve: (mail: SunkMail) => void }[] = [];

  private constructor(private portNumber: number) {}

  static async start(port = 0): Promise<SmtpSink> {
    const sink = new SmtpSink(port);
    await sink.listen();
    return sink;
  }

  get port(): number {
    return this.portNumber;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.portNumber}`;
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  /** Starts listening again on the same port after `stop()`. */
  async listen(): Promise<void> {
    if (this.server !== undefined) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect: (_session, callback) => {
        this.connections += 1;
        callback();
      },
      onData: (stream, _session, callback) => {
        if (this.refusals > 0) {
          this.refusals -= 1;
          stream.resume();
          stream.on('end', () => {
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
          });
          return;
        }
        simpleParser(stream).then(
          (parsed) => {
            this.receive({
              to: addresses(parsed.to),
              from: addresses(parsed.from)[0] ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
              links: (parsed.text ?? '').match(linkPattern) ?? [],
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    server.listen(this.portNumber, '127.0.0.1');
    await once(server.server, 'listening');
    this.portNumber = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: senders get "connection refused" until `listen()`. */
  async stop(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next `count` messages are refused with a temporary error (451). */
  refuseNext(count: number): void {
    this.refusals = count;
  }

  /** Messages to an address (case-insensitive). */
  to(address: string): SunkMail[] {
    const wanted = address.toLowerCase();
    return this.messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === wanted));
  }

  /** The first message, received or still to come, that matches. */
  waitFor(match: (mail: SunkMail) => boolean, timeoutMs = 10_000): Promise<SunkMail> {
    const found = this.messages.find(match);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done);
        reject(new Error(`No matching mail within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (mail: SunkMail) => {
        clearTimeout(timer);
        resolve(mail);
      };
      this.waiters.push({ match, resolve: done });
    });
  }

  clear(): void {
    this.messages.length = 0;
    this.connections = 0;
  }

  private receive(mail: SunkMail): void {
    this.messages.push(mail);
    const ready = this.waiters.filter((waiter) => waiter.match(mail));
    this.waiters = this.waiters.filter((waiter) => !waiter.match(mail));
    for (const waiter of ready) waiter.resolve(mail);
  }
}
