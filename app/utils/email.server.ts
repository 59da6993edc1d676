import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
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

// Kept per SMTP_URL: an app started again in the same process (the tests start one per backend) may name another server.
let transport: { url: string | undefined; transporter: Transporter } | undefined;

/** The outbox folder used when no SMTP server is configured (tests read it too). */
export function outboxDir() {
  return path.resolve(getEnv().DATA_DIR, "outbox");
}

function getTransport(): Transporter {
  const { SMTP_URL } = getEnv();
  if (transport && transport.url === SMTP_URL) return transport.transporter;
  // Without SMTP, nodemailer renders the full RFC 822 message and we keep it as a file. With SMTP, every step has a
  // time limit well inside the outbox's claim on a message (utils/outbox.server.ts), so a server that hangs fails the
  // attempt (retried later) instead of holding the worker.
  const transporter = SMTP_URL
    ? nodemailer.createTransport({ url: SMTP_URL, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 })
    : nodemailer.createTransport({ streamTransport: true, buffer: true });
  transport = { url: SMTP_URL, transporter };
  return transporter;
}

/**
 * Hands one message to the SMTP server, or writes it to DATA_DIR/outbox/<time>-<id>.eml; throws when the server
 * refuses it. Only the outbox worker calls this (decision 032): a write enqueues its mail with `enqueueEmail`
 * (utils/outbox.server.ts), in its own transaction, and the worker delivers it with retries.
 * Only outbox mode logs the link: it is how a developer without a mail server
 * signs in, and the outbox is never used in a real deployment.
 */
export async function deliverEmail(email: Email): Promise<void> {
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
  // Written aside and renamed: a reader of the folder (a test, another process) never sees half a message.
  writeFileSync(`${file}.part`, (info as unknown as { message: Buffer }).message);
  renameSync(`${file}.part`, file);
  log.info(`email written to ${path.relative(process.cwd(), file)}: "${email.subject}" to ${email.to}${email.link ? ` ${email.link}` : ""}`);
}
