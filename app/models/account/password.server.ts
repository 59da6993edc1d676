import type { MessageKey } from "~/lib/messages";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/account/password-policy";
import { passwordForms } from "~/lib/account/password-forms";
import { SITE_NAME } from "~/lib/site";
import { AppError } from "~/utils/errors.server";
// 49,233 passwords seen more than ten times in a 10-million-password leak, most common first, lower case: the list of
// @zxcvbn-ts/language-common 4.1.3 (MIT), vendored with its origin in common-passwords/README.md (decision 037).
// A `.server` module, so the list never ships to the browser.
import commonPasswordsText from "./common-passwords/passwords.txt?raw";

/**
 * Words the leak list cannot know (the site's own name, the tool everyone here has heard of), and the entries of our
 * first, hand-made list that neither the leak list nor `isTrivial` catches (its builders dropped what zxcvbn's own
 * pattern matchers find, such as repeats). Looked up like the list, so `chatgpt2024!` is refused too.
 */
const OUR_WORDS = [SITE_NAME.replaceAll(" ", "").toLowerCase(), "chatgpt", "login", "qwe12345", "123123123", "12341234", "zaq1zaq1"];

let commonPasswords: Set<string> | undefined;

/** The set, built on the first password check (about 150 ms and 3 MB of heap, measured) and kept for the process. */
function commonPasswordSet() {
  commonPasswords ??= new Set([...commonPasswordsText.split("\n").filter(Boolean), ...OUR_WORDS]);
  return commonPasswords;
}

/** Whether the password, or a form of it guessing tools try first (lib/account/password-forms.ts), is on the list. */
export function isCommonPassword(password: string) {
  const list = commonPasswordSet();
  return passwordForms(password).some((form) => list.has(form));
}

function isTrivial(password: string) {
  // One repeated character, or a run of consecutive digits/letters (abcdefgh, 23456789, 98765432).
  if (/^(.)\1+$/.test(password)) return true;
  const codes = [...password.toLowerCase()].map((char) => char.charCodeAt(0));
  const steps = new Set(codes.slice(1).map((code, index) => code - codes[index]!));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

export type PasswordProblem = "passwordTooShort" | "passwordTooLong" | "passwordTooCommon";

/** Returns the reason a password is refused (a field message key), or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "passwordTooShort";
  if (password.length > PASSWORD_MAX_LENGTH) return "passwordTooLong";
  const lower = password.toLowerCase();
  const localPart = email?.split("@")[0]?.toLowerCase();
  if (isTrivial(password) || lower === email?.toLowerCase() || (localPart && lower === localPart) || isCommonPassword(password)) {
    return "passwordTooCommon";
  }
  return null;
}

/**
 * The one password rule of every form that sets a password; throws with the
 * form's own title ('Sign up failed', 'Password not changed') and the reason.
 */
export function checkNewPassword(password: string, confirmation: string | undefined, { field, message, email }: { field: string; message: MessageKey; email?: string }) {
  const problem = passwordProblem(password, email);
  if (problem) throw new AppError("INVALID_INPUT", { message, detail: problem, fields: { [field]: problem } });
  if (confirmation !== undefined && password !== confirmation) {
    throw new AppError("INVALID_INPUT", { message: "passwordMismatch", fields: { confirmPassword: "passwordsDoNotMatch" } });
  }
}
