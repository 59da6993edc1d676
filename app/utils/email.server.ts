import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "./env.server";
import { log } from "./logger.server";

export type Email = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; printed in the log when mail goes to the outbox. */
  link?: string;
  /** Where replies go, when not to MAIL_FROM (a contact message is answered to its sender). */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058) on newsletter mail. */
  headers?: Record<string, string>;
};

let transport: Transporter | undefined;

/** The outbox folder used when no SMTP server is configured (tests read it too). */
export function outboxDir() {
  return path.resolve(getEnv().DATA_DIR, "outbox");
}

function getTransport(): Transporter {
  if (transport) return transport;
  const { SMTP_URL } = getEnv();
  // Without SMTP, nodemailer renders the full RFC 822 message and we keep it as a file.
  transport = SMTP_URL ? nodemailer.createTransport(SMTP_URL) : nodemailer.createTransport({ streamTransport: true, buffer: true });
  return transport;
}

/**
 * Sends one message over SMTP, or writes it to DATA_DIR/outbox/<time>-<id>.eml.
 * Only outbox mode logs the link: it is how a developer without a mail server
 * signs in, and the outbox is never used in a real deployment.
 */
export async function sendEmail(email: Email): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = getEnv();
  const info = await getTransport().sendMail({
    from: MAIL_FROM,
    to: email.to,
    replyTo: email.replyTo,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: email.headers,
  });
  if (SMTP_URL) {
    log.info("email sent", { subject: email.subject });
    return;
  }
  const dir = outboxDir();
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`);
  writeFileSync(file, (info as unknown as { message: Buffer }).message);
  log.info(`email written to ${path.relative(process.cwd(), file)}: "${email.subject}" to ${email.to}${email.link ? ` ${email.link}` : ""}`);
}
