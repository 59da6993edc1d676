import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { Avatar } from "~/components/account/avatar";
import { JsonLd } from "~/components/json-ld";
import { organizationJsonLd, TextLink } from "~/components/static-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";
import { useSiteUrl } from "~/components/use-site-url";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SITE_NAME } from "~/lib/site";
import { formatLongDate } from "~/lib/ui/dates";
import { listAuthors } from "~/models/author/queries.server";
import { getCatalogueOpenedOn, getCatalogueStats } from "~/models/tool/queries.server";
import type { Route } from "./+types/about";
import { countOf, pluralise } from "~/lib/ui/plural";

/** A page to read: sent without React's client (decision 049). */
export const handle = { cache: "shared-with-personal-parts", hydrate: false as const } satisfies RouteHandle;

const PATH = "/about";
const DESCRIPTION = `Who runs ${SITE_NAME}, what we do, the editors who write our reviews and articles, the values we work by and how the site is funded.`;
const MISSION = "To help people choose AI tools with confidence, through honest, sourced and clearly dated information that no vendor can buy.";

export async function loader() {
  // Every sentence about the site itself comes from what the database records (issue 41): when the catalogue opened,
  // who signed what.
  const [authors, stats, openedOn] = await Promise.all([listAuthors(), getCatalogueStats(), getCatalogueOpenedOn()]);
  return { authors, stats, openedOn };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "About Us", description: DESCRIPTION, path: PATH, siteUrl: siteUrlOf(matches) });
}

const SERVICES: { icon: IconName; title: string; text: string; href: string; link: string }[] = [
  {
    icon: "badge-check",
    title: "In-depth reviews",
    text: "We read each tool's documentation, pricing page and public materials, list them as the review's sources, and write down who it suits, what it does well and where it falls short.",
    href: "/tools",
    link: "Browse the directory",
  },
  {
    icon: "scale",
    title: "Tool recommendations",
    text: "Categories, filters and side-by-side comparisons narrow a crowded market down to the few tools worth trying for your task and budget.",
    href: "/tools/comparison",
    link: "Compare tools",
  },
  {
    icon: "book-open",
    title: "Educational content",
    text: "Guides and tutorials explain how to choose and use AI tools well, from writing better prompts to building a workflow that saves real time.",
    href: "/blog",
    link: "Read the blog",
  },
  {
    icon: "shield-check",
    title: "Cybersecurity guidance",
    text: "We cover how AI changes security, for attackers and defenders alike, and what to check before you trust a tool with your data.",
    href: "/blog/category/cybersecurity",
    link: "Security articles",
  },
];

const VALUES: { icon: IconName; title: string; text: string }[] = [
  { icon: "eye", title: "Transparency", text: "We say how we earn money, date every review and price we check, and name at least one real limitation of every tool we list." },
  {
    icon: "target",
    title: "Accuracy",
    text: "We check claims against the vendor's own documentation and pricing pages, say when a review is based on them rather than on use, and correct mistakes as soon as we learn of them.",
  },
  { icon: "scale", title: "Integrity", text: "No one can pay for a rating, a review or a place in our lists. Affiliate links never change what we write." },
  {
    icon: "monitor-smartphone",
    title: "Accessibility",
    text: "The site is free, works on any device and with a keyboard or screen reader, and reads well even without JavaScript.",
  },
];

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { authors, stats, openedOn } = loaderData;
  const siteUrl = useSiteUrl();
  const articles = authors.reduce((sum, author) => sum + author.articles, 0);
  // Only named people count as editors; the editorial team as a whole (the shipped default byline) is not one.
  const editors = authors.filter((author) => author.kind === "person");
  const signedByEditors = editors.reduce((sum, author) => sum + author.reviews + author.articles, 0);
  const signedByTeam = authors.filter((author) => author.kind === "team").reduce((sum, author) => sum + author.reviews + author.articles, 0);
  const figures = [
    { value: stats.tools, label: "AI tools listed" },
    { value: stats.inDepthReviews, label: pluralise(stats.inDepthReviews, "in-depth review") },
    { value: articles, label: pluralise(articles, "article") },
    ...(editors.length ? [{ value: editors.length, label: pluralise(editors.length, "editor") }] : []),
  ];
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <JsonLd data={organizationJsonLd(siteUrl, { description: MISSION, members: editors.map((author) => author.name), foundingDate: openedOn })} />
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold sm:text-4xl">About {SITE_NAME}</h1>
        <p className="mt-4 text-lg leading-8 text-muted-foreground">
          {SITE_NAME} is an independent guide to AI tools. We are not owned by, or affiliated with, any tool vendor. We read what each vendor publishes, compare tools and write
          about them so that you can pick the right one without wading through hype.
        </p>
      </header>

      <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col rounded-xl border p-4">
            <dt className="text-sm text-muted-foreground">{figure.label}</dt>
            <dd className="order-first text-3xl font-bold">{figure.value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="mission-heading" className="mt-12 rounded-xl border bg-secondary/40 p-6">
        <h2 id="mission-heading" className="text-2xl font-bold">
          Our mission
        </h2>
        <p className="mt-3 text-lg leading-8">{MISSION}</p>
        <p className="mt-3 leading-7 text-muted-foreground">
          Too many reviews are rewritten press releases, and some “best of” lists are paid placements. We set out to do the opposite: read what each vendor publishes, say plainly
          what its tool is good and bad at, and name our sources.
        </p>
        {openedOn && (
          <p className="mt-3 leading-7 text-muted-foreground" data-opened-on={openedOn}>
            Our catalogue opened on {formatLongDate(openedOn)}, the day its first tool was added.
          </p>
        )}
      </section>

      <section aria-labelledby="services-heading" className="mt-12">
        <h2 id="services-heading" className="text-2xl font-bold">
          What we do
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {SERVICES.map((service) => (
            <li key={service.title} className="flex flex-col rounded-xl border p-5">
              <Icon name={service.icon} className="size-6 text-primary" />
              <h3 className="mt-3 text-lg font-semibold">{service.title}</h3>
              <p className="mt-2 flex-1 text-muted-foreground">{service.text}</p>
              <Link to={service.href} className="mt-4 inline-flex items-center gap-1 self-start font-medium text-primary underline-offset-4 hover:underline">
                {service.link} <Icon name="arrow-right" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="team-heading" className="mt-12">
        <h2 id="team-heading" className="text-2xl font-bold">
          Our team
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          Who writes our reviews and articles. Each review and article names its author
          {editors.length === 0
            ? `: so far every one is signed by the ${SITE_NAME} editorial team as a whole, and no named editor has signed one.`
            : signedByTeam > 0
              ? `: ${signedByEditors} signed by named editors, ${signedByTeam} by the editorial team as a whole.`
              : "."}
        </p>
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {authors.map((author) => (
            <li key={author.id} className="rounded-xl border p-5">
              <div className="flex items-center gap-3">
                <Avatar name={author.name} image={author.photo} className="size-12 text-base" />
                <div>
                  <h3 className="text-lg font-semibold">{author.name}</h3>
                  <p className="text-sm text-muted-foreground">
                    {countOf(author.reviews, "in-depth review")} · {countOf(author.articles, "article")}
                  </p>
                </div>
              </div>
              <p className="mt-4 leading-7">{author.bio}</p>
              {author.links.length > 0 && (
                <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={`${author.name} elsewhere`}>
                  {author.links.map((link) => (
                    <li key={link.url}>
                      <a href={link.url} target="_blank" rel="noopener noreferrer me" className="text-primary underline-offset-4 hover:underline">
                        {link.title}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              <ul className="mt-4 flex flex-wrap gap-2" aria-label={`${author.name} covers`}>
                {author.expertise.map((topic) => (
                  <li key={topic}>
                    <Badge variant="secondary">{topic}</Badge>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="values-heading" className="mt-12">
        <h2 id="values-heading" className="text-2xl font-bold">
          Our values
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-xl border p-5">
              <Icon name={value.icon} className="size-6 text-primary" />
              <h3 className="mt-3 font-semibold">{value.title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="funding-heading" className="mt-12 max-w-3xl">
        <h2 id="funding-heading" className="text-2xl font-bold">
          How we are funded
        </h2>
        <p className="mt-3 leading-7">
          The site is free to read. Some links to tools, courses and deals are affiliate links: if you buy after following one, the provider may pay us a commission, at no extra
          cost to you. That money keeps the site running, but it never buys a rating, a review or a place in a list, and we review tools without an affiliate programme in exactly
          the same way. Read the full <TextLink to="/affiliate-disclosure">Affiliate Disclosure</TextLink> for how these links work.
        </p>
      </section>

      <section aria-labelledby="contact-heading" className="mt-12 rounded-xl border p-6 text-center">
        <h2 id="contact-heading" className="text-2xl font-bold">
          Get in touch
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">
          Spotted a mistake, want us to review a tool, or have a question about the site? Messages go to the editors&apos; inbox; the contact page states how quickly we have been
          answering once there are enough replies to measure.
        </p>
        <Button asChild className="mt-5">
          <Link to="/contact">
            <Icon name="mail" /> Contact us
          </Link>
        </Button>
      </section>
    </main>
  );
}
