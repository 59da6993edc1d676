import { Link, useActionData } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { NewsletterForm } from "~/components/newsletter/newsletter-form";
import { useSiteUrl } from "~/components/use-site-url";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SITE_NAME } from "~/lib/site";
import { subscribeWrite } from "~/models/newsletter/writes.server";
import { CATALOGUE, tagPage } from "~/utils/cache.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/newsletter";

export function loader() {
  // The page shows no stored data; it is kept in the page cache like the rest of the editorial site.
  tagPage(...CATALOGUE);
  return null;
}

/** Every newsletter box of the site posts here (with JavaScript through a fetcher, without as a page). */
export function action(args: Route.ActionArgs) {
  return formWrite(args, { subscribe: { spec: subscribeWrite } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "The AI Tools Newsletter",
    description: `What the ${SITE_NAME} newsletter covers, how often it arrives and how to leave it: new and changed AI tool listings, comparisons, guides and current offers, about once a week.`,
    path: "/newsletter",
    siteUrl: siteUrlOf(matches),
  });
}

const CONTENTS = [
  { title: "New and changed tools", text: "Tools we added to the directory that week, and listings whose prices or plans changed, with the date of the change." },
  { title: "Comparisons and guides", text: "Our newest head-to-head comparisons, tutorials and buying guides, with the one paragraph worth reading first." },
  { title: "Offers we know are real", text: "Free trials and discounts that vendors publish themselves, with their end date. Never invented coupon codes." },
  { title: "Nothing else", text: "No sponsored emails, no selling or sharing of your address. Links to some tools earn us a commission, as on the site." },
];

export default function NewsletterPage() {
  const reply = useActionData<typeof action>() as Reply | undefined;
  const siteUrl = useSiteUrl();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <JsonLd data={{ "@context": "https://schema.org", "@type": "WebPage", name: "The AI Tools Newsletter", url: `${siteUrl}/newsletter` }} />
      <h1 className="text-3xl font-bold tracking-tight">Get Weekly AI Tool Updates &amp; Deals</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        One short email, about once a week, with what changed in the AI tools worth your time. We ask you to confirm your address first, and every email has a one-click
        unsubscribe.
      </p>
      <section aria-labelledby="newsletter-form-heading" className="mt-8 rounded-lg border bg-card p-6">
        <h2 id="newsletter-form-heading" className="text-lg font-semibold">
          Subscribe
        </h2>
        <NewsletterForm source="newsletter" reply={reply} className="mt-4" />
      </section>
      <section aria-labelledby="newsletter-contents-heading" className="mt-10">
        <h2 id="newsletter-contents-heading" className="text-xl font-semibold">
          What is in it
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {CONTENTS.map((item) => (
            <li key={item.title} className="rounded-lg border p-4">
              <h3 className="font-medium">{item.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="newsletter-leave-heading" className="mt-10">
        <h2 id="newsletter-leave-heading" className="text-xl font-semibold">
          Leaving
        </h2>
        <p className="mt-3 text-muted-foreground">
          Every email ends with an unsubscribe link that works with one click, and mail programs that support it show their own Unsubscribe button. If you no longer have an email
          from us,{" "}
          <Link to="/newsletter/unsubscribe" className="underline underline-offset-2">
            read how to unsubscribe
          </Link>
          . The{" "}
          <Link to="/privacy" className="underline underline-offset-2">
            privacy policy
          </Link>{" "}
          says what we keep and for how long.
        </p>
      </section>
    </main>
  );
}
