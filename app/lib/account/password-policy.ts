/**
 * The one password rule (spec §5 had two minimums; we keep one): 8 to 128
 * characters. The server also refuses common passwords (see
 * models/account/password.server.ts); forms state the rule with these texts.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULE_TEXT = "At least 8 characters; very common passwords are refused.";
export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters";
export const PASSWORD_TOO_LONG = "Password must be at most 128 characters";
export const PASSWORD_TOO_COMMON = "This password is too common. Please choose one that is harder to guess.";
