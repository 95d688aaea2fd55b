import { createTransport } from 'nodemailer';

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per outbox row, so a receiving side can tell a repeated delivery. */
  messageId: string;
};

/** Delivers one mail or throws; the worker decides what a failure means. */
export type MailSender = {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/**
 * SMTP through nodemailer, one connection per message: the outbox sends
 * little, and nothing stays open to go stale during an outage.
 */
export function smtpSender(smtpUrl: string): MailSender {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close() {
      transport.close();
    },
  };
}

/** Failures of the connection rather than of one message: the rest of a batch would fail alike. */
export function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EAUTH'].includes(
      code,
    )
  );
}
