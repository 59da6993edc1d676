import type { RouteHandle } from "~/lib/route-handle";
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
import { cadenceText } from "~/lib/newsletter/issue";
import { FEEDS } from "~/lib/seo/feeds";
import { formatLongDate } from "~/lib/ui/dates";
import { countOf } from "~/lib/ui/plural";
import { listSentIssues, newsletterCadence } from "~/models/newsletter/issue-queries.server";
import type { Route } from "./+types/newsletter";

export const handle = { cache: "shared-with-personal-parts" } satisfies RouteHandle;

export const links: Route.LinksFunction = () => [{ rel: "alternate", type: "application/rss+xml", title: FEEDS.newsletter.title, href: FEEDS.newsletter.path }];

/** The archive of sent issues and how often they went out (decision 061), both cached under the issues' tag. */
export async function loader() {
  tagPage(...CATALOGUE);
  const [issues, cadence] = await Promise.all([listSentIssues(), newsletterCadence()]);
  return { issues, cadence: cadenceText(cadence) };
}

/** Every newsletter box of the site posts here (with JavaScript through a fetcher, without as a page). */
export function action(args: Route.ActionArgs) {
  return formWrite(args, { subscribe: { spec: subscribeWrite } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "The AI Tools Newsletter",
    description: `Every issue of the ${SITE_NAME} newsletter, how often issues went out and how to subscribe or leave: new tools, price changes, reviews, articles and deals.`,
    path: "/newsletter",
    siteUrl: siteUrlOf(matches),
  });
}

const CONTENTS = [
  { title: "New and changed tools", text: "Tools we added to the directory since the last issue, and listings whose prices or plans changed, with the date of the change." },
  { title: "Reviews and articles", text: "The in-depth reviews and articles we published since the last issue, each linking to its page." },
  { title: "Offers we know are real", text: "Deals that vendors publish themselves, when they start and when they end. Never invented coupon codes." },
  { title: "Nothing else", text: "No sponsored emails, no selling or sharing of your address. Links to some tools earn us a commission, as on the site." },
];

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  const { issues, cadence } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const siteUrl = useSiteUrl();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <JsonLd data={{ "@context": "https://schema.org", "@type": "WebPage", name: "The AI Tools Newsletter", url: `${siteUrl}/newsletter` }} />
      <h1 className="text-3xl font-bold tracking-tight">The AI Tools Newsletter</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        A short email with what changed in the AI tools worth your time: each issue lists what the site recorded since the one before. We ask you to confirm your address first, and
        every email has a one-click unsubscribe.
      </p>
      <p className="mt-2 font-medium" data-newsletter-cadence>
        {cadence}
      </p>
      <section aria-labelledby="newsletter-form-heading" className="mt-8 rounded-lg border bg-card p-6">
        <h2 id="newsletter-form-heading" className="text-lg font-semibold">
          Subscribe
        </h2>
        <NewsletterForm source="newsletter" reply={reply} className="mt-4" cadence={cadence} />
      </section>
      <section aria-labelledby="newsletter-archive-heading" className="mt-10">
        <h2 id="newsletter-archive-heading" className="text-xl font-semibold">
          Past issues
        </h2>
        {issues.length === 0 ? (
          <p className="mt-3 text-muted-foreground">No issue has been sent yet. The first one will be listed here.</p>
        ) : (
          <ol className="mt-4 divide-y rounded-lg border" data-issue-archive>
            {issues.map((issue) => (
              <li key={issue.slug} className="p-4">
                <Link to={`/newsletter/${issue.slug}`} className="font-medium underline underline-offset-2 wrap-anywhere">
                  {issue.subject}
                </Link>
                <p className="text-sm text-muted-foreground">
                  Sent on {formatLongDate(issue.sentDay)} · {countOf(issue.itemCount, "item")}
                </p>
              </li>
            ))}
          </ol>
        )}
        <p className="mt-3 text-sm">
          <a href={FEEDS.newsletter.path} className="underline underline-offset-2">
            Follow the issues by RSS
          </a>
        </p>
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
