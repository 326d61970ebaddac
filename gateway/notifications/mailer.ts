import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Names this message for good (e.g. "1004-confirmation"): the outbox file's name, and the
   * Message-ID, so a retried job writes the same file and a mail client can spot a duplicate.
   */
  key: string;
}

interface SentEmail {
  messageId: string;
  /** The .eml file written (outbox mode only). */
  file: string | null;
}

/** Where the shop's emails go: a real SMTP server (SMTP_URL), or .eml files under DATA_DIR/outbox. */
export interface Mailer {
  readonly mode: "smtp" | "outbox";
  send(email: OutgoingEmail): Promise<SentEmail>;
  close(): void;
}

function messageId(key: string, from: string): string {
  const domain = /@([^>\s]+)>?$/.exec(from)?.[1] ?? "localhost";
  return `<${key}@${domain}>`;
}

export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: "smtp",
      async send(email) {
        const id = messageId(email.key, options.from);
        const info = await transport.sendMail({ from: options.from, to: email.to, subject: email.subject, text: email.text, html: email.html, messageId: id });
        return { messageId: String(info.messageId ?? id), file: null };
      },
      close: () => transport.close(),
    };
  }
  // nodemailer's stream transport builds the whole RFC 5322 message; it is written as one file,
  // renamed into place so a reader never sees half a message.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    mode: "outbox",
    async send(email) {
      const id = messageId(email.key, options.from);
      const info = await transport.sendMail({ from: options.from, to: email.to, subject: email.subject, text: email.text, html: email.html, messageId: id });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${email.key.replace(/[^A-Za-z0-9_.-]/g, "_")}.eml`);
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, info.message as Buffer);
      await fs.rename(temporary, file);
      return { messageId: id, file };
    },
    close: () => transport.close(),
  };
}
