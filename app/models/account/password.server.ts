import type { MessageKey } from "~/lib/messages";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/account/password-policy";
import { AppError } from "~/utils/errors.server";

/**
 * Passwords of 8+ characters that top every published leak list, compared in
 * lower case. Short ones are already refused by the length rule. Kept on the
 * server so the list never ships to the browser.
 */
const COMMON_PASSWORDS = new Set(
  `password password1 password12 password123 password1234 password! passw0rd p@ssw0rd p@ssword pa$$word
  12345678 123456789 1234567890 12345678910 0123456789 987654321 9876543210 87654321 11111111 00000000
  22222222 88888888 99999999 123123123 12341234 11223344 112233445566 147258369 123654789 159753456 147852369
  123456789a 123456789q a123456789 aa123456 abc12345 abcd1234 abcdefgh abcdefg1 1234abcd 1234qwer 12qwaszx
  qwertyui qwertyuiop qwerty12 qwerty123 qwerty1234 qwerty123456 qwer1234 q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6
  1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 qazwsxedc qazwsx123 asdfghjk asdfghjkl
  asdf1234 asdfasdf zxcvbnm1 zxcvbnm123 zxcvbnmm qwe12345 123qwe123 qweasdzxc 1234qwerty
  iloveyou iloveyou1 iloveyou2 sunshine sunshine1 princess princess1 football football1 baseball baseball1
  basketball welcome1 welcome123 trustno1 superman superman1 starwars batman123 letmein1 letmein123
  admin123 admin1234 administrator changeme changeme1 computer computer1 whatever whatever1 michelle
  jennifer jonathan michael1 charlie1 jordan23 liverpool chelsea1 arsenal1 manchester butterfly
  dragon12 master12 monkey12 shadow12 freedom1 hello123 helloworld internet1 mustang1 pokemon1 samsung1
  spiderman blink182 1234567a 7777777a iloveu123 lovelove loveyou1 babygirl1 tinkle123 secret123
  default1 guest123 test1234 testtest test12345 temp1234 login123 user1234 root1234 azerty123 azertyuiop
  aitoolsatlas chatgpt123`
    .split(/\s+/)
    .filter(Boolean),
);

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
  if (COMMON_PASSWORDS.has(lower) || isTrivial(password) || lower === email?.toLowerCase() || (localPart && lower === localPart)) {
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
