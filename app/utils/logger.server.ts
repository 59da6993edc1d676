import { getEnv } from "./env.server";

const levels = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof levels;

function enabled(level: Level) {
  let threshold: Level = "info";
  try {
    threshold = getEnv().LOG_LEVEL;
  } catch {
    // Before the environment is parsed, log at the default level.
  }
  return levels[level] >= levels[threshold];
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (!enabled(level)) return;
  const line = fields ? `${message} ${JSON.stringify(fields)}` : message;
  (level === "error" ? console.error : level === "warn" ? console.warn : console.log)(`[${level}] ${line}`);
}

/** Plain line logger. Callers never pass passwords, tokens or cookies. */
export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};

/**
 * An error as one line, with its cause (driver errors wrap the server's message there). Drizzle's 'Failed query'
 * lists the query's parameters (a session token, an email address): they are left out.
 */
export function errorText(error: unknown): string {
  const withoutParams = (value: unknown) => String(value).replace(/\nparams: [\s\S]*$/, "");
  const text = withoutParams(error);
  const cause = (error as { cause?: unknown })?.cause;
  return cause ? `${text} (cause: ${withoutParams(cause)})` : text;
}
