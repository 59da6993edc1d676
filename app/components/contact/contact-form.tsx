import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Honeypot, ResultMessage, TextareaField } from "~/components/ui/form-parts";
import { useReplyToast } from "~/components/ui/toast";
import { CONTACT_LIMITS } from "~/lib/contact/contact";
import type { Reply } from "~/lib/reply";

type Props = {
  /** The reply when /contact rendered the result of a post made without JavaScript. */
  reply?: Reply;
  /** A signed-in reader's name and address, filled in for them. */
  sender?: { firstName: string; lastName: string; email: string };
};

/**
 * The contact form of /contact and /support: it posts to /contact, in place with JavaScript (the fields clear
 * once the message is sent) and as a page without; a refusal keeps everything typed and names each field's problem.
 */
export function ContactForm({ reply: pageReply, sender }: Props) {
  const fetcher = useFetcher<Reply>();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const reply = fetcher.data ?? pageReply;
  useReplyToast(fetcher.data);
  useEffect(() => {
    if (fetcher.data?.ok) form.current?.reset();
  }, [fetcher.data]);
  const busy = fetcher.state !== "idle";
  const errors = reply?.fieldErrors ?? {};
  const typed = reply && !reply.ok ? reply.values : undefined;
  const value = (name: "firstName" | "lastName" | "email" | "subject" | "message") => typed?.[name] ?? (name === "subject" || name === "message" ? undefined : sender?.[name]);
  return (
    <fetcher.Form ref={form} method="post" action="/contact" className="relative grid gap-4">
      <ResultMessage result={reply} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-first`}
          name="firstName"
          label="First name"
          autoComplete="given-name"
          required
          maxLength={CONTACT_LIMITS.name}
          defaultValue={value("firstName")}
          error={errors.firstName}
        />
        <Field
          id={`${id}-last`}
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          required
          maxLength={CONTACT_LIMITS.name}
          defaultValue={value("lastName")}
          error={errors.lastName}
        />
      </div>
      <Field id={`${id}-email`} name="email" type="email" label="Email" autoComplete="email" required maxLength={254} defaultValue={value("email")} error={errors.email} />
      <Field id={`${id}-subject`} name="subject" label="Subject" required maxLength={CONTACT_LIMITS.subject} defaultValue={value("subject")} error={errors.subject} />
      <TextareaField
        id={`${id}-message`}
        name="message"
        label="Message"
        rows={6}
        required
        minLength={CONTACT_LIMITS.messageMin}
        maxLength={CONTACT_LIMITS.message}
        defaultValue={value("message")}
        error={errors.message}
        hint={`At least ${CONTACT_LIMITS.messageMin} characters.`}
      />
      <Honeypot id={`${id}-company`} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
