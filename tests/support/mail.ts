import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type OutboxMessage = { file: string; to: string; subject: string; text: string };

/** Undoes quoted-printable soft breaks and =XX escapes (nodemailer's encoding of the text part). */
function decodeQuotedPrintable(value: string) {
  return value.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeHeader(value: string) {
  return value.replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, text: string) => decodeQuotedPrintable(text.replace(/_/g, " ")));
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
      const textPart = raw.split(/Content-Type: text\/plain[^\n]*\n/i)[1]?.split(/\r?\n--/)[0] ?? "";
      const body = /quoted-printable/i.test(textPart.slice(0, 200)) ? decodeQuotedPrintable(textPart) : textPart;
      return { file: name, to: header("To"), subject: header("Subject"), text: body };
    });
}

/** The link of the newest message to `address` whose link path starts with `pathPrefix`. */
export function latestLink(dataDir: string, address: string, pathPrefix: string): string | undefined {
  const messages = readOutbox(dataDir).filter((message) => message.to.includes(address));
  for (const message of messages.reverse()) {
    const link = message.text.match(new RegExp(`https?://[^\\s]+${pathPrefix.replace(/[/?]/g, "\\$&")}[^\\s]*`))?.[0];
    if (link) return link;
  }
  return undefined;
}
