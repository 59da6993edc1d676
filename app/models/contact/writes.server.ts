import { z } from "zod";
import { CONTACT_LIMITS } from "~/lib/contact";
import { emailField, emailKey } from "~/utils/input.server";
import { defineWrite } from "~/utils/write.server";
import { receiveContactMessage } from "./messages.server";

export const contactWrite = defineWrite({
  auth: "anyone",
  limit: "contact",
  limitKey: (fields) => emailKey(fields.email),
  input: z.object({
    firstName: z.string().trim().min(1, "firstNameRequired").max(CONTACT_LIMITS.name, "firstNameTooLong"),
    lastName: z.string().trim().min(1, "lastNameRequired").max(CONTACT_LIMITS.name, "lastNameTooLong"),
    email: emailField,
    subject: z.string().trim().min(1, "subjectRequired").max(CONTACT_LIMITS.subject, "subjectTooLong"),
    message: z.string().trim().min(1, "messageRequired").min(CONTACT_LIMITS.messageMin, "messageTooShort").max(CONTACT_LIMITS.message, "messageTooLong"),
  }),
  invalidMessage: "messageNotSent",
  run: (input) => receiveContactMessage(input),
  // Messages appear on no public page.
  invalidates: () => [],
  success: "messageSent",
  status: () => 201,
});
