import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { MESSAGES, type MessageKey } from "~/lib/messages";
import type { Reply } from "~/lib/reply";
import { safeRedirect } from "~/lib/account/safe-redirect";
import { invalidateTags, readerTag } from "./cache.server";
import { clientOf, type Client } from "./client.server";
import { serializeCookie } from "./cookies.server";
import { RECENT_WRITE_COOKIE, startWrite } from "./db-routing.server";
import { AppError, asAppError, type AppErrorDetails } from "./errors.server";
import { setFlash } from "./flash.server";
import { bodyLimitFor, BodyTooLargeError, readBody } from "./body-limits.server";
import { ROLES, type Role } from "~/lib/account/roles";
import { isScriptRequest, pagePathOf, requireRole, signInPath, viewerOf } from "./guards.server";
import { enforceLimit, type LimitName } from "./limits.server";
import { log } from "./logger.server";
import { notePrimaryFailure, refuseWhileReadOnly } from "./primary-health.server";
import { apiJson, errorReply, errorResponse, passErrorHeaders, successReply } from "./replies.server";
import { requestInfoContext, type Viewer } from "./request-context";

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

/**
 * Who may write: "anyone"; "viewer", anyone signed in (checked after the input is read, so a visitor asked to
 * sign in keeps what they typed); "editor" or "owner", an account with that role or a higher one (checked
 * before anything is read: others get the not-found page, as for the admin pages, or 401/403 from the API).
 * A route action or a `run` body never checks roles itself: the write declares its level once, here.
 */
export type Auth = "anyone" | "viewer" | Role;
type WriteContext<A extends Auth> = {
  viewer: A extends "anyone" ? Viewer | null : Viewer;
  client: Client;
  request: Request;
  context: Readonly<RouterContextProvider>;
};

export type WriteSpec<A extends Auth, I, T> = {
  /** Who may write (`Auth`); `signInMessage` is what a visitor without a session is told. */
  auth: A;
  signInMessage?: MessageKey;
  /** The named limit (utils/limits.server.ts), counted per client address and per viewer, or per `limitKey`. */
  limit: LimitName;
  limitKey?: (fields: Fields, client: Client) => string | undefined;
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

// eslint-disable-next-line no-control-regex -- control characters are what is refused; tab and line breaks are text
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Every string a write receives, made storable in one place: Unicode NFC (so "é" typed two ways is one
 * word), and refused when it holds a control character (NUL reaches PostgreSQL as an error) or half a
 * surrogate pair. Files pass as they are; their checks are the upload's.
 */
export function normaliseFields(fields: Fields): Fields {
  const refused: Record<string, string> = {};
  const clean = (value: unknown, name: string): unknown => {
    if (typeof value === "string") {
      if (CONTROL_CHARACTERS.test(value) || !value.isWellFormed()) refused[name] ??= "unreadableCharacters";
      return value.normalize("NFC");
    }
    if (Array.isArray(value)) return value.map((item) => clean(item, name));
    if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clean(item, name)]));
    }
    return value;
  };
  const result = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, clean(value, name)]));
  if (Object.keys(refused).length) throw new AppError("INVALID_INPUT", { message: "unreadableCharacters", fields: refused });
  return result;
}

/** The role a write needs beyond being signed in, if any. */
const roleNeeded = (auth: Auth): Role | undefined => (auth === "anyone" || auth === "viewer" ? undefined : auth);

/**
 * Refuses a visitor without the write's role before its body is read (throws, as `requireRole` does). Exported
 * for the test that walks every write with each kind of visitor.
 */
export function requireWriteRole(auth: Auth, args: Args) {
  const role = roleNeeded(auth);
  if (role) requireRole(args, role);
}

/**
 * A write begins: what it reads decides what it writes, so the rest of its request reads the primary, and so do its
 * reader's next requests for READ_YOUR_WRITES_SECONDS (a cookie, on any instance; decision 089). `runWrite` calls it;
 * so does a GET that writes on purpose (an email's confirmation link).
 */
export function noteWrite(context: Readonly<RouterContextProvider>) {
  const wrote = startWrite();
  if (wrote) context.get(requestInfoContext).setCookies.push(serializeCookie(RECENT_WRITE_COOKIE, wrote.value, { maxAge: wrote.maxAge }));
}

/** Runs one write through the path; throws AppError for every expected failure. */
export async function runWrite<A extends Auth, I, T>(spec: WriteSpec<A, I, T>, received: Fields, { request, context }: Args): Promise<WriteOutcome<T> | "honeypot"> {
  requireWriteRole(spec.auth, { request, context });
  // The primary database is out of reach (decision 090): 503 with Retry-After before anything asks it (the rate limit's store too).
  refuseWhileReadOnly();
  const fields = normaliseFields(received);
  if (text(fields[HONEYPOT_FIELD])) {
    log.info("honeypot filled: write ignored");
    return "honeypot";
  }
  const viewer = viewerOf({ context }, { use: "page" });
  const client = clientOf(request, context);
  await enforceLimit(spec.limit, { address: spec.limitKey?.(fields, client) ?? viewer?.id, ip: client.ip }, { emailLimit: spec.emailLimit });
  const parsed = spec.input.safeParse(fields);
  if (!parsed.success) {
    const problems = zodFields(parsed.error);
    // A message without a description of its own is completed by the first field's problem.
    const titleOnly = !spec.invalidMessage || !("description" in MESSAGES[spec.invalidMessage]);
    throw new AppError("INVALID_INPUT", { message: spec.invalidMessage, detail: titleOnly ? Object.values(problems)[0] : undefined, fields: problems });
  }
  if (spec.auth !== "anyone" && !viewer) throw new AppError("UNAUTHENTICATED", { message: spec.signInMessage });
  noteWrite(context);
  const result = await spec.run(parsed.data, { viewer, client, request, context } as WriteContext<A>);
  // Whatever a signed-in visitor writes may change what their personal parts show (decision 054).
  invalidateTags([...spec.invalidates(result, parsed.data), ...(viewer ? [readerTag(viewer.id)] : [])]);
  const message = typeof spec.success === "function" ? spec.success(result, parsed.data) : spec.success;
  return { result, message, status: spec.status?.(result, parsed.data) ?? 200 };
}

const NEVER_ECHOED = new Set(["password", "confirmPassword", "currentPassword", "newPassword", "token", "intent", "from", "js", HONEYPOT_FIELD]);

/** What the visitor typed, to put back in the form after a refusal. */
function echoValues(fields: Fields): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string" && !NEVER_ECHOED.has(name)) values[name] = value.replace(new RegExp(CONTROL_CHARACTERS, "g"), "").slice(0, 5000);
  }
  return values;
}

/** How a route words a body over its limit (an upload says which file rule it broke). */
export type BodyLimit = { tooLarge?: AppErrorDetails };

/** The body, at most the path's limit (utils/body-limits.server.ts), read while streaming. */
async function readLimitedBody(request: Request, tooLarge?: AppErrorDetails): Promise<Buffer> {
  try {
    return await readBody(request, bodyLimitFor(new URL(request.url).pathname));
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
    throw new AppError("INVALID_INPUT", { message: "unreadableForm" });
  }
}

/** Reads urlencoded or multipart fields. */
async function readFormFields(request: Request, { tooLarge }: BodyLimit): Promise<Fields> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) throw new AppError("INVALID_INPUT", { message: "unreadableForm" });
  const body = await readLimitedBody(request, tooLarge);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("INVALID_INPUT", { message: "unreadableForm" });
  }
  const fields: Fields = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    fields[name] = values.length > 1 ? values : values[0];
  }
  return fields;
}

async function readJsonFields(request: Request): Promise<Fields> {
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) throw new AppError("INVALID_INPUT", { message: "notJson" });
  const body = (await readLimitedBody(request)).toString("utf8");
  try {
    const value: unknown = JSON.parse(body || "{}");
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Fields;
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError("INVALID_INPUT", { message: "badJson" });
}

type FormOptions = {
  /** Values taken from the URL rather than the form (e.g. the tool slug), winning over posted ones. */
  urlFields?: Fields;
  /**
   * Where a successful write goes, with its message as a flash: "always"
   * (e.g. sign-in), or only for a plain HTML form post ("without-script"), so
   * that reloading the page does not post again. `to` answering null, or no
   * rule, means the page renders the reply instead. `result` is the write's (e.g. the id of what it created).
   */
  redirect?: { when: "always" | "without-script"; to: (fields: Fields, result?: unknown) => string | null };
};

export type FormWrite = { spec: AnyWrite; options?: FormOptions };

/** Back to the page the form was on (a safe `redirectTo` field, else the page that posted). */
export const backTo = (request: Request) => (fields: Fields) => safeRedirect(fields.redirectTo as string | undefined, pagePathOf(request));

/**
 * A route action's write. `writes` maps the form's `intent` to its write; a
 * route with one write may name it under any key. The reply is action data,
 * so the page (with or without JavaScript) prints it beside the form.
 */
export async function formWrite(args: Args, writes: Record<string, FormWrite>, limit: BodyLimit = {}) {
  const { request, context } = args;
  const script = isScriptRequest(request);
  let intent = "";
  let fields: Fields = {};
  // A form whose every write needs a role (an admin page's) refuses others before reading anything.
  const roles = Object.values(writes).map(({ spec }) => roleNeeded(spec.auth));
  if (roles.every((role) => role !== undefined))
    requireRole(
      args,
      ROLES.find((role) => roles.includes(role))!,
    );
  try {
    if (request.method !== "POST") throw new AppError("METHOD_NOT_ALLOWED");
    fields = await readFormFields(request, limit);
    intent = text(fields.intent);
    const entries = Object.entries(writes);
    const chosen = Object.hasOwn(writes, intent) ? writes[intent] : entries.length === 1 ? entries[0]![1] : undefined;
    if (!chosen) throw new AppError("INVALID_INPUT", { message: "unknownRequest" });
    const { spec, options = {} } = chosen;
    fields = { ...fields, ...options.urlFields };
    const outcome = await runWrite(spec, fields, args);
    const message = outcome === "honeypot" ? (typeof spec.success === "string" ? spec.success : "unknownRequest") : outcome.message;
    const result = outcome === "honeypot" ? undefined : outcome.result;
    const rule = options.redirect;
    const target = rule && (rule.when === "always" || !script) ? rule.to(fields, result) : null;
    if (target) {
      setFlash(context, message);
      throw redirect(target);
    }
    return data(successReply(message, result, intent || undefined) as Reply, { status: outcome === "honeypot" ? 200 : outcome.status });
  } catch (thrown) {
    // A redirect or an unexpected error goes on to React Router; a lost database is answered here like any refusal (503).
    const error = asAppError(thrown);
    if (!error) throw thrown;
    notePrimaryFailure(thrown);
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
  tooLarge?: AppErrorDetails;
  urlFields?: Fields;
};

/** An /api/* write: the same path, answered as JSON with the status of the outcome. */
export async function apiWrite(args: Args, spec: AnyWrite, { method = "POST", body = "json", tooLarge, urlFields = {} }: ApiOptions = {}) {
  const { request } = args;
  if (request.method !== method) {
    const refused = new AppError("METHOD_NOT_ALLOWED");
    return apiJson(errorReply(refused), refused.status, { Allow: method });
  }
  requireWriteRole(spec.auth, args);
  try {
    const fields = body === "none" ? {} : body === "multipart" ? await readFormFields(request, { tooLarge }) : await readJsonFields(request);
    const outcome = await runWrite(spec, { ...fields, ...urlFields }, args);
    if (outcome === "honeypot") return apiJson(successReply(typeof spec.success === "string" ? spec.success : "unknownRequest", undefined), 200);
    return apiJson(successReply(outcome.message, outcome.result), outcome.status);
  } catch (thrown) {
    const error = asAppError(thrown);
    if (!error) throw thrown;
    notePrimaryFailure(thrown);
    return errorResponse(error, { api: true });
  }
}
