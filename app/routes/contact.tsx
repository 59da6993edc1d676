import type { RouteHandle } from "~/lib/route-handle";
import { Link, useActionData } from "react-router";
import { ContactForm } from "~/components/contact/contact-form";
import { JsonLd } from "~/components/json-ld";
import { Icon } from "~/components/ui/icon";
import { useSiteUrl } from "~/components/use-site-url";
import { splitFullName } from "~/lib/account/names";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SITE_NAME } from "~/lib/site";
import { durationWords } from "~/lib/ui/durations";
import { getReplyTime } from "~/models/contact/reply-time.server";
import { contactWrite } from "~/models/contact/writes.server";
import { CATALOGUE, tagPage } from "~/utils/cache.server";
import { getEnv } from "~/utils/env.server";
import { viewerOf } from "~/utils/guards.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/contact";

/** A page to read: sent without React's client (decision 049). */
export const handle = { cache: "shared", hydrate: false as const } satisfies RouteHandle;

export async function loader(args: Route.LoaderArgs) {
  tagPage(...CATALOGUE);
  const viewer = viewerOf(args, { use: "page" });
  const sender = viewer ? { ...splitFullName(viewer.name), email: viewer.email } : undefined;
  // Measured from the inbox, never promised (decision 062): no figure until enough replies back one.
  return { contactEmail: getEnv().CONTACT_EMAIL, sender, replyTime: await getReplyTime() };
}

export function action(args: Route.ActionArgs) {
  return formWrite(args, { contact: { spec: contactWrite } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Contact Us",
    description: `Questions, corrections to a listing or a tool we should review: write to the ${SITE_NAME} editors through this form or by email.`,
    path: "/contact",
    siteUrl: siteUrlOf(matches),
  });
}

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>() as Reply | undefined;
  const siteUrl = useSiteUrl();
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "ContactPage",
          name: "Contact Us",
          url: `${siteUrl}/contact`,
          about: { "@type": "Organization", name: SITE_NAME, url: siteUrl, email: loaderData.contactEmail },
        }}
      />
      <h1 className="text-3xl font-bold tracking-tight">Contact Us</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        A question about a tool, a correction to a listing, a tool we should review, or a problem with your account: your message goes to the editors&apos; inbox.
      </p>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_18rem]">
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="sr-only">
            Send us a message
          </h2>
          <ContactForm reply={reply} sender={loaderData.sender} />
        </section>
        <aside className="space-y-6 text-sm" aria-label="Other ways to reach us">
          <section>
            <h2 className="flex items-center gap-2 font-semibold">
              <Icon name="mail" className="size-4" /> Email
            </h2>
            <p className="mt-1">
              <a href={`mailto:${loaderData.contactEmail}`} className="underline underline-offset-2">
                {loaderData.contactEmail}
              </a>
            </p>
          </section>
          <section>
            <h2 className="flex items-center gap-2 font-semibold">
              <Icon name="calendar-check" className="size-4" /> Response time
            </h2>
            <ReplyTimeNote replyTime={loaderData.replyTime} />
          </section>
          <section>
            <h2 className="font-semibold">Follow what we publish</h2>
            <ul className="mt-1 space-y-1">
              <li>
                <Link to="/newsletter" className="underline underline-offset-2">
                  The newsletter
                </Link>
              </li>
              <li>
                <Link to="/blog" className="underline underline-offset-2">
                  The blog
                </Link>
              </li>
            </ul>
          </section>
          <section className="rounded-lg border bg-muted/40 p-4">
            <h2 className="font-semibold">Please note</h2>
            <p className="mt-1 text-muted-foreground">
              We are an independent directory, not the makers of the tools we list: for billing, refunds or support with a tool, contact its vendor. We never ask for passwords. To
              see or delete your data, use{" "}
              <Link to="/settings" className="underline underline-offset-2">
                your settings
              </Link>
              ; the{" "}
              <Link to="/privacy" className="underline underline-offset-2">
                privacy policy
              </Link>{" "}
              explains the rest.
            </p>
          </section>
        </aside>
      </div>
    </main>
  );
}

/** What the inbox measured (models/contact/reply-time.server.ts): the median once enough replies back it, else no figure. */
function ReplyTimeNote({ replyTime }: { replyTime: Route.ComponentProps["loaderData"]["replyTime"] }) {
  const { medianMs, replies, windowDays, minReplies } = replyTime;
  if (medianMs === null)
    return (
      <p className="mt-1" data-reply-time="none">
        Not published yet: we will state our median reply time once we have answered at least {minReplies} messages in {windowDays} days.
      </p>
    );
  return (
    <p className="mt-1" data-reply-time={Math.round(medianMs)}>
      Half of the {replies} messages we answered in the last {windowDays} days had their reply within {durationWords(medianMs)} (the median, measured from our inbox).
    </p>
  );
}
