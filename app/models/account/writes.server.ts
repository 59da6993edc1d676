import { z } from "zod";
import { addResponseCookies } from "~/utils/session.server";
import { AppError } from "~/utils/errors.server";
import { emailField, emailKey, formBoolean, formFiles } from "~/utils/input.server";
import type { Fields } from "~/utils/write.server";
import { defineWrite } from "~/utils/write.server";
import { requestPasswordReset, requestVerificationEmail, resetPassword, signIn, signOut, signUp } from "./auth-flows.server";
import { toolsTouchedBy } from "~/models/review/queries.server";
import { updateProfile } from "./profile.server";
import { READER_REVIEWS } from "~/utils/cache.server";
import { changePassword, deleteAccount, revokeOtherSessions } from "./settings-flows.server";

/**
 * The account forms, declared once for the write path: /auth (sign in, sign
 * up, forgot password, resend confirmation), the reset page, the profile and
 * settings. Field problems are message keys of lib/messages.ts.
 */

const email = emailField;
/** The per-address key of the account limits: the address as typed, normalised like the schema does. */
const byEmail = (fields: Fields) => emailKey(fields.email);

export const signUpWrite = defineWrite({
  auth: "anyone",
  limit: "signUp",
  limitKey: byEmail,
  input: z.object({
    name: z.string().trim().min(1, "nameRequired").max(80, "nameTooLong"),
    email,
    password: z.string().min(1, "passwordRequired"),
    confirmPassword: z.string().min(1, "confirmRequired"),
  }),
  invalidMessage: "signUpFailedFields",
  run: (input, { client }) => signUp(input, client),
  invalidates: () => [],
  success: "accountCreated",
  status: () => 201,
});

export const signInWrite = defineWrite({
  auth: "anyone",
  limit: "signIn",
  limitKey: byEmail,
  input: z.object({ email, password: z.string().min(1, "passwordRequired").max(1024) }),
  invalidMessage: "signInFields",
  run: async (input, { client, context }) => addResponseCookies(context, await signIn(input, client)),
  invalidates: () => [],
  success: "welcomeBack",
});

export const forgotPasswordWrite = defineWrite({
  auth: "anyone",
  limit: "email",
  limitKey: byEmail,
  emailLimit: true,
  input: z.object({ email }),
  invalidMessage: "passwordResetNotSent",
  run: ({ email }, { client }) => requestPasswordReset(email, client),
  invalidates: () => [],
  success: "passwordReset",
});

export const resendVerificationWrite = defineWrite({
  auth: "anyone",
  limit: "email",
  limitKey: byEmail,
  emailLimit: true,
  input: z.object({ email }),
  invalidMessage: "emailNotSent",
  run: ({ email }) => requestVerificationEmail(email),
  invalidates: () => [],
  success: "verificationSent",
});

export const resetPasswordWrite = defineWrite({
  auth: "anyone",
  limit: "resetPassword",
  input: z.object({ token: z.string().max(500).default(""), password: z.string().max(1024).default(""), confirmPassword: z.string().max(1024).default("") }),
  run: async (input, { client, context }) => addResponseCookies(context, await resetPassword(input, client)),
  invalidates: () => [],
  success: "passwordChangedSignIn",
});

export const signOutWrite = defineWrite({
  auth: "anyone",
  limit: "feedback",
  input: z.object({}),
  run: async (_input, { client, context }) => addResponseCookies(context, await signOut(client)),
  invalidates: () => [],
  success: "signedOut",
});

export const profileWrite = defineWrite({
  auth: "viewer",
  signInMessage: "noUser",
  limit: "profileUpdate",
  input: z.object({
    name: z.string().trim().min(1, "displayNameRequired").max(80, "displayNameTooLong"),
    username: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_]{3,30}$/, "usernameInvalid"),
    website: z
      .string()
      .trim()
      .max(200, "websiteTooLong")
      .refine((value) => value === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), "websiteScheme")
      .refine((value) => value === "" || URL.canParse(value), "websiteInvalid")
      .default(""),
    avatar: formFiles.transform((files) => files[0]),
    removeAvatar: formBoolean.default(false),
  }),
  invalidMessage: "profileUpdateFailed",
  run: async (input, { viewer }) => {
    await updateProfile(viewer.id, input);
    return toolsTouchedBy(viewer.id);
  },
  // The display name is shown on the user's reviews and notes.
  invalidates: (toolSlugs) => [...toolSlugs.flatMap((slug) => [`tool:${slug}`, `reactions:${slug}`]), READER_REVIEWS],
  success: "profileUpdated",
});

export const changePasswordWrite = defineWrite({
  auth: "viewer",
  signInMessage: "noUser",
  limit: "passwordCheck",
  input: z.object({ currentPassword: z.string().min(1, "currentPasswordRequired").max(1024), newPassword: z.string().max(1024), confirmPassword: z.string().max(1024) }),
  invalidMessage: "currentPasswordWrong",
  run: async (input, { viewer, client, context }) => addResponseCookies(context, await changePassword(viewer, input, client)),
  invalidates: () => [],
  success: "passwordChanged",
});

export const revokeSessionsWrite = defineWrite({
  auth: "viewer",
  signInMessage: "noUser",
  limit: "profileUpdate",
  input: z.object({}),
  run: (_input, { client }) => revokeOtherSessions(client),
  invalidates: () => [],
  success: "otherSessionsRevoked",
});

export const deleteAccountWrite = defineWrite({
  auth: "viewer",
  signInMessage: "noUser",
  limit: "passwordCheck",
  input: z.object({ confirm: z.string().max(100).default(""), password: z.string().max(1024).default("") }),
  async run({ confirm, password }, { viewer, client, context }) {
    if (confirm !== "DELETE") throw new AppError("INVALID_INPUT", { message: "deleteConfirmWrong", fields: { confirm: "typeDelete" } });
    if (!password) throw new AppError("INVALID_INPUT", { message: "deletePasswordWrong", fields: { password: "passwordMissing" } });
    // Read before the rows go: the pages that showed this reader's reviews, ratings and reactions.
    const touched = await toolsTouchedBy(viewer.id);
    addResponseCookies(context, await deleteAccount(viewer, password, client));
    return touched;
  },
  invalidates: (toolSlugs) => [...toolSlugs.flatMap((slug) => [`tool:${slug}`, `reactions:${slug}`]), READER_REVIEWS],
  success: "accountDeleted",
});
