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

/** Delivers mail: one SMTP session per cycle of the outbox worker. */
export type MailSender = {
  /** Opens a session; the worker closes it when its cycle is done. */
  open(): MailSession;
  /** Closes every session still open (when the app closes). */
  close(): void;
};

/** Delivers one mail at a time over one connection, or throws; the worker decides what a failure means. */
export type MailSession = {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/**
 * SMTP through nodemailer, one connection per session: the messages of a
 * worker's cycle share it (TCP, the server's greeting, TLS and login happen
 * once, not per message), and it is closed when the cycle ends, so nothing
 * stays open to go stale between cycles or during an outage. A connection
 * that fails fails the message on it, which ends the cycle.
 */
export function smtpSender(smtpUrl: string): MailSender {
  const open = new Set<MailSession>();
  return {
    open() {
      const transport = createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: 1,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
      const session: MailSession = {
        async send(mail) {
          await transport.sendMail(mail);
        },
        close() {
          open.delete(session);
          transport.close();
        },
      };
      open.add(session);
      return session;
    },
    close() {
      for (const session of [...open]) session.close();
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
