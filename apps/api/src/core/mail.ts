import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outboxMails } from '../db/schema/core';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Real SMTP delivery when SMTP_URL is set; otherwise every mail is kept in the outbox table
 * (readable by a developer) and logged. Sent mails are recorded in the outbox too.
 */
export function createMailer(
  db: Db,
  smtpUrl: string | undefined,
  from: string,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      if (!transport) {
        await db.insert(outboxMails).values({ ...mail, status: 'kept' });
        log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in outbox (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from, ...mail });
        await db.insert(outboxMails).values({ ...mail, status: 'sent', sent_at: new Date().toISOString() });
      } catch (err) {
        await db.insert(outboxMails).values({ ...mail, status: 'failed', error: String((err as Error).message) });
        log.error({ err, to: mail.to }, 'mail delivery failed');
        throw err;
      }
    },
  };
}
