import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { MESSAGES, type MessageKey } from "~/lib/messages";
import type { Reply } from "~/lib/reply";
import { safeRedirect } from "~/lib/safe-redirect";
import { invalidateTags } from "./cache.server";
import { clientOf, type Client } from "./client.server";
import { AppError, isAppError, type AppErrorDetails } from "./errors.server";
import { setFlash } from "./flash.server";
import { BodyTooLargeError, readFormData } from "./form-data.server";
import { isScriptRequest, pagePathOf, signInPath, viewerOf } from "./guards.server";
import { enforceLimit, type LimitName } from "./limits.server";
import { log } from "./logger.server";
import { apiJson, errorResponse, passErrorHeaders, successReply } from "./replies.server";
import type { Viewer } from "./request-context";

/**
 * The one path of every write, from a page's form or from /api/*:
 *   bot check (honeypot) -> rate limit -> zod -> authorise -> model -> cache invalidation -> reply.
 * A write is declared once with `defineWrite`; `formWrite` (route actions, with or
 * without JavaScript) and `apiWrite` (JSON) only differ in how they read the body
 * and shape the answer. Models throw AppError; nothing else here speaks English:
 * the message catalogue (lib/messages.ts) does.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider>; params?: Record<string, string | undefined> };

/** A request body as plain values: strings, files, and arrays for repeated names. */
export type Fields = Record<string, unknown>;

type Auth = "viewer" | "anyone";
type WriteContext<A extends Auth> = {
  viewer: A extends "viewer" ? Viewer : Viewer | null;
  client: Client;
  request: Request;
  context: Readonly<RouterContextProvider>;
};

export type WriteSpec<A extends Auth, I, T> = {
  /** Who may write. "viewer" needs a session; `signInMessage` is what the visitor is told otherwise. */
  auth: A;
  signInMessage?: MessageKey;
  /** The named limit (utils/limits.server.ts), counted per client address and per viewer, or per `limitKey`. */
  limit: LimitName;
  limitKey?: (fields: Fields) => string | undefined;
  /** Counted as the one-email-a-minute rule (its 429 says so). */
  emailLimit?: boolean;
  input: z.ZodType<I>;
  /** The message when the input does not parse (each field still gets its own line). */
  invalidMessage?: MessageKey;
  run: (input: I, ctx: WriteContext<A>) => Promise<T>;
  /** Cache tags the write makes stale (utils/cache.server.ts); every write says, even when it is none. */
  invalidates: (result: T, input: I) => string[];
  success: MessageKey | ((result: T, input: I) => MessageKey);
  /** 200 unless the write created something (201). */
  status?: (result: T, input: I) => number;
};

export type AnyWrite = WriteSpec<Auth, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function defineWrite<A extends Auth, I, T>(spec: WriteSpec<A, I, T>): WriteSpec<A, I, T> {
  return spec;
}

export type WriteOutcome<T> = { result: T; message: MessageKey; status: number };

/** The hidden field people leave empty and form-filling bots do not. */
export const HONEYPOT_FIELD = "company";

const text = (value: unknown) => (typeof value === "string" ? value : "");

function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
  return fields;
}

/** Runs one write through the path; throws AppError for every expected failure. */
export async function runWrite<A extends Auth, I, T>(spec: WriteSpec<A, I, T>, fields: Fields, { request, context }: Args): Promise<WriteOutcome<T> | "honeypot"> {
  if (text(fields[HONEYPOT_FIELD])) {
    log.info("honeypot filled: write ignored");
    return "honeypot";
  }
  const viewer = viewerOf({ context });
  const client = clientOf(request, context);
  await enforceLimit(spec.limit, { address: spec.limitKey?.(fields) ?? viewer?.id, ip: client.ip }, { emailLimit: spec.emailLimit });
  const parsed = spec.input.safeParse(fields);
  if (!parsed.success) {
    const fields = zodFields(parsed.error);
    // A message without a description of its own is completed by the first field's problem.
    const titleOnly = !spec.invalidMessage || !("description" in MESSAGES[spec.invalidMessage]);
    throw new AppError("INVALID_INPUT", { message: spec.invalidMessage, detail: titleOnly ? Object.values(fields)[0] : undefined, fields });
  }
  if (spec.auth === "viewer" && !viewer) throw new AppError("UNAUTHENTICATED", { message: spec.signInMessage });
  const result = await spec.run(parsed.data, { viewer, client, request, context } as WriteContext<A>);
  invalidateTags(spec.invalidates(result, parsed.data));
  const message = typeof spec.success === "function" ? spec.success(result, parsed.data) : spec.success;
  return { result, message, status: spec.status?.(result, parsed.data) ?? 200 };
}

const NEVER_ECHOED = new Set(["password", "confirmPassword", "currentPassword", "newPassword", "token", "intent", "from", "js", HONEYPOT_FIELD]);

/** What the visitor typed, to put back in the form after a refusal. */
function echoValues(fields: Fields): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (typeof value === "string" && !NEVER_ECHOED.has(name)) values[name] = value.slice(0, 5000);
  return values;
}

/** How a route words a body over its limit (an upload says which file rule it broke). */
export type BodyLimit = { maxBytes: number; tooLarge?: AppErrorDetails };

/** Reads urlencoded or multipart fields, refusing more than `maxBytes` while streaming. */
async function readFormFields(request: Request, { maxBytes, tooLarge }: BodyLimit): Promise<Fields> {
  let form: FormData;
  try {
    form = await readFormData(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
    throw new AppError("INVALID_INPUT", { message: "unreadableForm" });
  }
  const fields: Fields = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    fields[name] = values.length > 1 ? values : values[0];
  }
  return fields;
}

async function readJsonFields(request: Request, maxBytes: number): Promise<Fields> {
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) throw new AppError("INVALID_INPUT", { message: "notJson" });
  const body = await request.text();
  if (body.length > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE");
  try {
    const value: unknown = JSON.parse(body || "{}");
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Fields;
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError("INVALID_INPUT", { message: "badJson" });
}

export const FORM_MAX_BYTES = 64 * 1024;

type FormOptions = {
  /** Values taken from the URL rather than the form (e.g. the tool slug), winning over posted ones. */
  urlFields?: Fields;
  /**
   * Where a successful write goes, with its message as a flash: "always"
   * (e.g. sign-in), or only for a plain HTML form post ("without-script"), so
   * that reloading the page does not post again. `to` answering null, or no
   * rule, means the page renders the reply instead.
   */
  redirect?: { when: "always" | "without-script"; to: (fields: Fields) => string | null };
};

export type FormWrite = { spec: AnyWrite; options?: FormOptions };

/** Back to the page the form was on (a safe `redirectTo` field, else the page that posted). */
export const backTo = (request: Request) => (fields: Fields) => safeRedirect(fields.redirectTo as string | undefined, pagePathOf(request));

/**
 * A route action's write. `writes` maps the form's `intent` to its write; a
 * route with one write may name it under any key. The reply is action data,
 * so the page (with or without JavaScript) prints it beside the form.
 */
export async function formWrite(args: Args, writes: Record<string, FormWrite>, limit: BodyLimit = { maxBytes: FORM_MAX_BYTES }) {
  const { request, context } = args;
  const script = isScriptRequest(request);
  let intent = "";
  let fields: Fields = {};
  try {
    if (request.method !== "POST") throw new AppError("METHOD_NOT_ALLOWED");
    fields = await readFormFields(request, limit);
    intent = text(fields.intent);
    const entries = Object.entries(writes);
    const chosen = writes[intent] ?? (entries.length === 1 ? entries[0]![1] : undefined);
    if (!chosen) throw new AppError("INVALID_INPUT", { message: "unknownRequest" });
    const { spec, options = {} } = chosen;
    fields = { ...fields, ...options.urlFields };
    const outcome = await runWrite(spec, fields, args);
    const message = outcome === "honeypot" ? (typeof spec.success === "string" ? spec.success : "unknownRequest") : outcome.message;
    const result = outcome === "honeypot" ? undefined : outcome.result;
    const rule = options.redirect;
    const target = rule && (rule.when === "always" || !script) ? rule.to(fields) : null;
    if (target) {
      setFlash(context, message);
      throw redirect(target);
    }
    return data(successReply(message, result, intent || undefined) as Reply, { status: outcome === "honeypot" ? 200 : outcome.status });
  } catch (error) {
    if (!isAppError(error)) throw error;
    // Without JavaScript, signing in is a page of its own, which sends the visitor back here.
    if (error.code === "UNAUTHENTICATED" && !script) throw redirect(signInPath(backTo(request)(fields)));
    passErrorHeaders(context, error);
    return errorResponse(error, { api: false, intent: intent || undefined, values: echoValues(fields) });
  }
}

type ApiOptions = {
  method?: "POST" | "DELETE";
  /** "json" (default), "multipart" for uploads, or "none" when the URL says it all. */
  body?: "json" | "multipart" | "none";
  maxBytes?: number;
  tooLarge?: AppErrorDetails;
  urlFields?: Fields;
};

/** An /api/* write: the same path, answered as JSON with the status of the outcome. */
export async function apiWrite(args: Args, spec: AnyWrite, { method = "POST", body = "json", maxBytes = 32 * 1024, tooLarge, urlFields = {} }: ApiOptions = {}) {
  const { request } = args;
  if (request.method !== method) return new Response("Method not allowed", { status: 405, headers: { Allow: method } });
  try {
    const fields = body === "none" ? {} : body === "multipart" ? await readFormFields(request, { maxBytes, tooLarge }) : await readJsonFields(request, maxBytes);
    const outcome = await runWrite(spec, { ...fields, ...urlFields }, args);
    if (outcome === "honeypot") return apiJson(successReply(typeof spec.success === "string" ? spec.success : "unknownRequest", undefined), 200);
    return apiJson(successReply(outcome.message, outcome.result), outcome.status);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return errorResponse(error, { api: true });
  }
}
