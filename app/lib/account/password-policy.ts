/**
 * The one password rule (spec §5 had two minimums; we keep one): 8 to 128
 * characters. The server also refuses common passwords and their usual
 * variants (models/account/password.server.ts, decision 037); forms state the
 * rule with these texts.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULE_TEXT = "At least 8 characters; common passwords are refused, also with digits or symbols added.";
export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters";
export const PASSWORD_TOO_LONG = "Password must be at most 128 characters";
export const PASSWORD_TOO_COMMON = "This password, or one very like it, is among the most common passwords and easy to guess. Please choose another.";
