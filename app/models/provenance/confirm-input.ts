import { z } from "zod";

/**
 * What an editor's confirmation must carry (issue 44): the vendor's page they read, and a short note of what they saw
 * on it (the figures or terms that match). A confirmation with nothing behind it is refused; the note is the receipt's
 * "what matched" (`fact_checks.details.seen`), shown to readers at /receipts/<id>.
 */
export const checkedPageUrl = z
  .string()
  .trim()
  .min(1, "sourceUrlRequired")
  .max(500, "sourceUrlInvalid")
  .pipe(z.url({ protocol: /^https$/, message: "sourceUrlInvalid" }));

export const whatWasSeen = z.string({ error: "confirmSeenRequired" }).trim().min(10, "confirmSeenRequired").max(300, "confirmSeenTooLong");
