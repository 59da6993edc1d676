import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { TestApp } from "./app";

/*
 * Mail is delivered by the outbox worker a moment after the request that wrote it (decision 032), so the helpers
 * that read the file outbox wait: `latestLink` until the message is there, `settleMail` until nothing is left to
 * deliver (then the files are every message sent so far, and a test may say what was not sent).
 */

const WAIT_MS = 10_000;
const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

export type OutboxMessage = { file: string; to: string; subject: string; text: string };

/** Undoes quoted-printable soft breaks and =XX escapes (nodemailer's encoding of the text part). */
function decodeQuotedPrintable(value: string) {
  return value.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeHeader(value: string) {
  return value.replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, text: string) => decodeQuotedPrintable(text.replace(/_/g, " ")));
}

/**
 * The text/plain part of a message, up to the message's own MIME boundary. (Cutting at any line that starts with
 * "--" broke links: a quoted-printable line of a token can start with "--", and one sign-up in a thousand or so
 * read half a confirmation link.)
 */
function plainTextPart(raw: string): string {
  const boundary = raw.match(/boundary="?([^";\r\n]+)"?/i)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const part = parts.find((candidate) => /^\s*Content-Type: text\/plain/im.test(candidate.slice(0, 300))) ?? "";
  return part.split(/Content-Type: text\/plain[^\n]*\n/i)[1] ?? "";
}

/** Every .eml file the server wrote to DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMessage[] {
  const dir = path.join(dataDir, "outbox");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => {
      const raw = readFileSync(path.join(dir, name), "utf8");
      const header = (field: string) => decodeHeader(raw.match(new RegExp(`^${field}: (.*(?:\\r?\\n[ \\t].*)*)`, "mi"))?.[1]?.replace(/\r?\n[ \t]/g, " ") ?? "");
      const textPart = plainTextPart(raw);
      const body = /quoted-printable/i.test(textPart.slice(0, 200)) ? decodeQuotedPrintable(textPart) : textPart;
      return { file: name, to: header("To"), subject: header("Subject"), text: body };
    });
}

function findLink(dataDir: string, address: string, pathPrefix: string): string | undefined {
  const messages = readOutbox(dataDir).filter((message) => message.to.includes(address));
  for (const message of messages.reverse()) {
    const link = message.text.match(new RegExp(`https?://[^\\s]+${pathPrefix.replace(/[/?]/g, "\\$&")}[^\\s]*`))?.[0];
    if (link) return link;
  }
  return undefined;
}

/**
 * The link of the newest message to `address` whose link path starts with `pathPrefix`, waiting up to 10 s for one
 * to arrive. It answers as soon as one is there: when an older message already has such a link, settle first.
 */
export async function latestLink(dataDir: string, address: string, pathPrefix: string): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const link = findLink(dataDir, address, pathPrefix);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} with a ${pathPrefix} link within ${WAIT_MS / 1000} s`);
    await pause();
  }
}

/** Waits until the app's outbox table has no message left to deliver (an in-process app, whose database the test reads). */
export async function settleMail(app: Pick<TestApp, "query">): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [row] = await app.query<{ n: number }>("select count(*)::int as n from email_outbox where sent_at is null");
    if (row?.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${row?.n} message(s) still undelivered in the outbox after ${WAIT_MS / 1000} s`);
    await pause();
  }
}
