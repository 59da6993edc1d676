import { z } from "zod";

/**
 * Zod pieces for inputs that arrive either as JSON or as an HTML form, so one
 * schema serves both transports of the write path (a form sends every value
 * as text, a repeated name as several values, an unchecked box not at all).
 */

/** true/false from JSON, or "true"/"on"/"1" and "false"/"" from a form. */
export const formBoolean = z.union([z.boolean(), z.enum(["true", "on", "1", "false", "0", ""]).transform((value) => value === "true" || value === "on" || value === "1")]);

/** A list that a form sends as one value, several, or none. */
export const formList = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]), z.array(item));

/** Chosen files of a file input; the empty part a browser sends when none was chosen is dropped. */
export const formFiles = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter((item) => item instanceof File && (item.size > 0 || item.name !== "")),
  z.array(z.instanceof(File)),
);

/** A number a form may leave out (an unchosen star rating): missing or empty reads as 0, for the model to refuse in words. */
export const formNumber = z.preprocess((value) => (value === undefined || value === "" ? 0 : value), z.coerce.number());

/** A positive whole id from a URL segment or a field. */
export const idField = z.coerce.number().int().positive();

/** An email address as every form takes it: trimmed, lower-cased, at most 254 characters (field problems are message keys). */
export const emailField = z.string().trim().toLowerCase().min(1, "emailRequired").max(254, "emailTooLong").pipe(z.email("emailInvalid"));

/** The same normalisation, for a rate limit's per-address key before the input is parsed. */
export const emailKey = (value: unknown) => (typeof value === "string" ? value.trim().toLowerCase().slice(0, 254) : undefined);
