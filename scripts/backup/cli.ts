import path from "node:path";
import { parseArgs } from "node:util";
import { EnvError, parseEnv, type Env } from "../../app/utils/env.server.ts";

/** A failure the operator can act on: printed as its message alone, without a stack. */
export class CliError extends Error {}

const secrets = new Set<string>();

/** Strings that must never reach the terminal (the database password): every message passes through redact(). */
export function addSecret(value: string | undefined) {
  if (!value) return;
  secrets.add(value);
  secrets.add(encodeURIComponent(value));
}

export function redact(text: string) {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join("***");
  return result;
}

/** The environment, parsed and defaulted exactly as the server does it. */
export function readEnv(): Env {
  // Registered before parsing: a configuration error quotes the variable's value.
  for (const name of ["DATABASE_URL", "SMTP_URL", "REDIS_URL"]) {
    const password = /^[a-z]+:\/\/[^:/@]*:([^@]+)@/i.exec(process.env[name] ?? "")?.[1];
    if (password) addSecret(safeDecode(password));
    if (password) addSecret(password);
  }
  addSecret(process.env.S3_SECRET_ACCESS_KEY);
  addSecret(process.env.AUTH_SECRET);
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) throw new CliError(error.message);
    throw error;
  }
}

function safeDecode(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function parseCli(usage: string, options: { force?: boolean } = {}) {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { help: { type: "boolean", short: "h" }, ...(options.force ? { force: { type: "boolean" } } : {}) },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    if (positionals.length > 1) throw new Error(`one file at most, got ${positionals.length}`);
    return { file: positionals[0], force: Boolean((values as { force?: boolean }).force) };
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
}

/** Runs a script's main: a clear one-line message and exit code 1 on failure, never a stack trace or a secret. */
export async function run(name: string, main: () => Promise<void>) {
  try {
    await main();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(redact(`${name} failed: ${message}`));
    process.exitCode = 1;
  }
}

/** Paths as the operator would type them: relative to the working directory when inside it. */
export function shown(file: string) {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
