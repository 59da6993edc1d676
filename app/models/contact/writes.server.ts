import { z } from "zod";
import { CONTACT_LIMITS } from "~/lib/contact/contact";
import { emailField, emailKey } from "~/utils/input.server";
import { defineWrite } from "~/utils/write.server";
import { deleteMessage, setMessageRead, setMessageReplied } from "./inbox.server";
import { CONTACT_REPLIES } from "./reply-time.server";
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

/** The message a URL names (/admin/messages/:id), passed to the writes as a field. */
const messageId = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const readWrite = (read: boolean) =>
  defineWrite({
    auth: "editor",
    limit: "adminAction",
    input: messageId,
    run: ({ id }, { viewer }) => setMessageRead(viewer, id, read),
    // Messages appear on no public page.
    invalidates: () => [],
    success: read ? "messageMarkedRead" : "messageMarkedUnread",
  });

/** /admin/messages/:id: posted by the page once the message is shown, or by its Mark read button. */
export const markMessageReadWrite = readWrite(true);
export const markMessageUnreadWrite = readWrite(false);

const repliedWrite = (replied: boolean) =>
  defineWrite({
    auth: "editor",
    limit: "adminAction",
    input: messageId,
    run: ({ id }, { viewer }) => setMessageReplied(viewer, id, replied),
    // /contact's median reply time is computed from the replies.
    invalidates: () => [CONTACT_REPLIES],
    success: replied ? "messageMarkedReplied" : "messageMarkedUnreplied",
  });

/** /admin/messages/:id: the editor answered by email and says so (the site cannot see the mail), or takes it back. */
export const markMessageRepliedWrite = repliedWrite(true);
export const markMessageUnrepliedWrite = repliedWrite(false);

export const deleteMessageWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: messageId,
  run: ({ id }, { viewer }) => deleteMessage(viewer, id),
  // A deleted answered message leaves the median reply time.
  invalidates: () => [CONTACT_REPLIES],
  success: "messageDeleted",
});
