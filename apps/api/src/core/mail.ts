import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outboxMails } from '../db/schema/core';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Secrets in the body (a reset link, its token): delivered as they are, but replaced by REDACTED in
   * the copy the outbox keeps of a mail that went (or tried to go) over SMTP.
   */
  redact?: string[];
}

export const REDACTED = '[đã ẩn]';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The body with every secret (and its HTML-escaped form) replaced, longest first. */
function redacted(body: string, secrets: string[]): string {
  let out = body;
  const forms = secrets.filter(Boolean).flatMap((x) => [x, escapeHtml(x)]);
  for (const x of [...new Set(forms)].sort((a, b) => b.length - a.length)) out = out.split(x).join(REDACTED);
  return out;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Real SMTP delivery when SMTP_URL is set; otherwise every mail is kept in the outbox table
 * (readable by a developer: it is their only way to the link) and logged. Mails that went over SMTP
 * are recorded in the outbox too (recipient, subject, status, time), with their secrets redacted.
 */
export function createMailer(
  db: Db,
  smtpUrl: string | undefined,
  from: string,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send({ redact = [], ...mail }) {
      if (!transport) {
        await db.insert(outboxMails).values({ ...mail, status: 'kept' });
        // the log is read by more people than the outbox: it keeps the mail with its secrets hidden (the outbox keeps it whole)
        log.info({ to: mail.to, subject: mail.subject, text: redacted(mail.text, redact) }, 'mail kept in outbox (no SMTP_URL)');
        return;
      }
      const copy = { ...mail, text: redacted(mail.text, redact), html: mail.html === undefined ? undefined : redacted(mail.html, redact) };
      try {
        await transport.sendMail({ from, ...mail });
        await db.insert(outboxMails).values({ ...copy, status: 'sent', sent_at: new Date().toISOString() });
      } catch (err) {
        await db.insert(outboxMails).values({ ...copy, status: 'failed', error: String((err as Error).message) });
        log.error({ err, to: mail.to }, 'mail delivery failed');
        throw err;
      }
    },
  };
}
