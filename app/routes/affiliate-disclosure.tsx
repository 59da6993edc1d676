import type { RouteHandle } from "~/lib/route-handle";
import { DocumentPage, TextLink, type PageSection } from "~/components/static-page";
import { DOCUMENT_UPDATED } from "~/lib/blog/document-dates";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/affiliate-disclosure";

/** A page to read: sent without React's client (decision 049). */
export const handle = { cache: "shared-with-personal-parts", hydrate: false as const } satisfies RouteHandle;

const PATH = "/affiliate-disclosure";
const LAST_UPDATED = DOCUMENT_UPDATED[PATH];
const TITLE = "Affiliate Disclosure";
const DESCRIPTION = `How ${SITE_NAME} earns money from affiliate links, how those links work and what we record, and why no one can pay for a rating or review.`;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: TITLE, description: DESCRIPTION, path: PATH, siteUrl: siteUrlOf(matches) });
}

const SECTIONS: PageSection[] = [
  {
    id: "how-we-earn",
    title: "How we earn money",
    body: (
      <>
        <p>
          {SITE_NAME} is free to read. We pay for it mainly through affiliate programmes: many AI tool makers, course platforms and deal partners run programmes, directly or
          through affiliate networks, that pay a commission when someone signs up or buys after following a link from a site like ours. You pay no more for using our links; the
          commission comes out of the provider’s margin.
        </p>
        <p>
          We may also sell a sponsored placement, such as the “Sponsored slot” beside tool reviews. Anything paid for in that way is labelled as sponsored and kept apart from our
          ratings and rankings.
        </p>
      </>
    ),
  },
  {
    id: "what-money-cannot-buy",
    title: "What money cannot buy",
    body: (
      <ul>
        <li>No one can pay for a rating, a review, a place in a list or a better position in our comparisons.</li>
        <li>Whether a tool has an affiliate programme, and how much it pays, plays no part in how we rate or rank it.</li>
        <li>We review tools that pay us nothing exactly as we review those that do, and we link to them too.</li>
        <li>Providers never see or approve a review before it is published.</li>
        <li>If a tool with an affiliate programme is not good for what you need, we say so.</li>
      </ul>
    ),
  },
  {
    id: "how-links-work",
    title: "How our outbound links work",
    body: (
      <>
        <p>
          Every button that takes you to a tool, course or deal, such as “Get Started” or “Try Now”, points first to our own redirect at an address starting with{" "}
          <code className="font-mono text-sm">/go/</code>, followed by the kind of thing and its name on our site. The redirect looks up the provider’s address in our own data,
          adds the programme’s tracking id where there is a programme, and sends you on. It never takes a destination from the link itself, so it cannot be used to send you
          somewhere we have not listed.
        </p>
        <p>
          At the same time it records the click: the time, the link followed, the page on this site you came from, and a hash of your network address made with a secret that
          changes every day. That lets us count one visitor once a day; it cannot be turned back into your address, and we never store the address itself. Clicks by known bots are
          not counted. The <TextLink to="/privacy">Privacy Policy</TextLink> explains what else we store.
        </p>
        <p>
          These links open in a new tab and carry <code className="font-mono text-sm">rel=&quot;sponsored nofollow&quot;</code>, which tells search engines that they may be paid
          links and not editorial endorsements.
        </p>
      </>
    ),
  },
  {
    id: "your-choice",
    title: "Your choice",
    body: (
      <p>
        You never have to use our links. If you prefer, type the provider’s address into your browser or search for it: the price is the same, and we simply do not earn a
        commission. Either way, we hope our <TextLink to="/tools">AI tools directory</TextLink> and <TextLink to="/blog">articles</TextLink> help you choose well.
      </p>
    ),
  },
  {
    id: "questions",
    title: "Questions",
    body: (
      <p>
        If you want to know whether a particular link earns us money, or you think something on the site does not live up to this page, tell us through the{" "}
        <TextLink to="/contact">contact page</TextLink>.
      </p>
    ),
  },
];

export default function AffiliateDisclosurePage() {
  return (
    <DocumentPage
      title={TITLE}
      description={DESCRIPTION}
      path={PATH}
      lastUpdated={LAST_UPDATED}
      intro={
        <p>Some links on {SITE_NAME} earn us a commission. This page explains which ones, how they work, and the rules that keep that money away from our ratings and reviews.</p>
      }
      sections={SECTIONS}
    />
  );
}
