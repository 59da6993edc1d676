import type { RouteHandle } from "~/lib/route-handle";
import { DocumentPage, TextLink, type PageSection } from "~/components/static-page";
import { DOCUMENT_UPDATED } from "~/lib/blog/document-dates";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { MINIMUM_AGE, SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/terms";

/** A page to read: sent without React's client (decision 049). */
export const handle = { cache: "shared-with-personal-parts", hydrate: false as const } satisfies RouteHandle;

/** The terms page; /terms-of-service and /tos answer 301 to it (lib/seo/redirects.ts). */
const PATH = "/terms";
const LAST_UPDATED = DOCUMENT_UPDATED[PATH];
const TITLE = "Terms of Service";
const DESCRIPTION = `The rules for using ${SITE_NAME}: accounts, reviews and images you post, what is not allowed, affiliate links, disclaimers and how to reach us.`;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: TITLE, description: DESCRIPTION, path: PATH, siteUrl: siteUrlOf(matches) });
}

const SECTIONS: PageSection[] = [
  {
    id: "agreement",
    title: "Agreement to these terms",
    body: (
      <>
        <p>
          These terms are an agreement between you and {SITE_NAME} (“we”, “us”) about your use of this website. By browsing the site, creating an account or posting anything on it,
          you accept them. If you do not agree, please do not use the site.
        </p>
        <p>
          How we handle personal data is described in our <TextLink to="/privacy">Privacy Policy</TextLink>, and how we earn money in our{" "}
          <TextLink to="/affiliate-disclosure">Affiliate Disclosure</TextLink>. Both are part of these terms.
        </p>
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "Our content and intellectual property",
    body: (
      <>
        <p>
          The reviews, articles, comparisons, ratings, descriptions, page design and code of this site are ours or used with permission, and are protected by copyright. You may
          read them, share links to them and quote short passages with a link back to the page. You may not copy substantial parts of the site, republish our reviews or articles as
          your own, or resell them.
        </p>
        <p>
          Names, trademarks and logos of AI tools and companies belong to their owners. We mention them to describe and review their products; this does not mean they endorse us or
          that we are affiliated with them. Brand marks come from the Simple Icons collection (released into the public domain, CC0); where a tool has none there, we draw its
          initials on the colour of its category.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <>
        <p>
          You need an account to save tools, write reviews, rate, vote and comment. When you create one, give your real email address and keep your password to yourself: you are
          responsible for what is done with your account. Tell us through the <TextLink to="/contact">contact page</TextLink> if you think someone else has used it.
        </p>
        <p>
          You can change your password, sign out of other devices, download your data and delete your account at any time in <TextLink to="/settings">Account Settings</TextLink>.
        </p>
      </>
    ),
  },
  {
    id: "user-content",
    title: "Reviews, images and other content you post",
    body: (
      <>
        <p>
          Reviews, ratings, notes and the images you attach to a review are shown publicly with your display name. You keep ownership of what you post. By posting it you give us a
          worldwide, non-exclusive, royalty-free licence to store, display, resize and re-encode it on this site for as long as it stays published. Deleting a review, or your
          account, ends that licence for the future.
        </p>
        <p>When you post, you confirm that:</p>
        <ul>
          <li>it describes your own, honest experience of the tool, and you are not paid by, employed by or competing with its maker unless you say so in the review;</li>
          <li>you own any image you upload or have the right to share it, and it shows no one who has not agreed to be shown;</li>
          <li>it breaks no law and no one else’s rights, and contains no personal data of other people.</li>
        </ul>
        <p>
          We do not check content before it appears, but we read reports and may remove anything that breaks these terms, without notice. Use the Report button under a review to
          tell us about one.
        </p>
      </>
    ),
  },
  {
    id: "representations",
    title: "What you confirm by using the site",
    body: (
      <>
        <p>By using the site you confirm that:</p>
        <ul>
          <li>you are at least {MINIMUM_AGE} years old, and, if you are under the age of majority where you live, a parent or guardian has agreed to these terms for you;</li>
          <li>the information you give us, such as your name and email address, is true and you will keep it up to date;</li>
          <li>you will not use the site for anything unlawful or forbidden by these terms.</li>
        </ul>
      </>
    ),
  },
  {
    id: "prohibited-activities",
    title: "What is not allowed",
    body: (
      <>
        <p>You may not:</p>
        <ul>
          <li>post fake, paid-for or copied reviews, or rate a tool you have not used;</li>
          <li>harass, threaten or impersonate anyone, or post hateful, sexual or violent material;</li>
          <li>post advertising, spam or links whose purpose is to manipulate search rankings;</li>
          <li>create several accounts to vote, rate or review more than once;</li>
          <li>scrape or copy the site in bulk, or send automated requests faster than a person would browse;</li>
          <li>try to get around rate limits, guess other people’s passwords, or probe, overload or break into the site or its servers;</li>
          <li>upload files containing malware, or anything that is not the image it claims to be.</li>
        </ul>
      </>
    ),
  },
  {
    id: "affiliate-links",
    title: "Affiliate links and other sites",
    body: (
      <>
        <p>
          Some links to tools, courses and deals are affiliate links: if you buy after following one, the provider may pay us a commission, at no extra cost to you. This never
          changes our ratings or reviews. Our <TextLink to="/affiliate-disclosure">Affiliate Disclosure</TextLink> explains how these links work.
        </p>
        <p>Linked sites are run by others. We are not responsible for their content, prices, privacy practices or what they sell you; their own terms apply once you are there.</p>
      </>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <>
        <p>
          We check what we publish and date it, but AI tools change quickly. Prices, plans, features and free trials may differ from what we last saw, so confirm them on the
          provider’s site before you buy. Reviews and ratings are opinions; reviews by readers are their own and not ours.
        </p>
        <p>
          The site and its content are provided “as is”, for general information. Nothing on it is legal, financial, security or other professional advice. We do not promise that
          the site will always be available or free of errors.
        </p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, lost profits or lost data arising from your use of the site or of any tool you found
          through it, and our total liability to you for any claim is limited to 100 US dollars. The site is free to use, and this limit reflects that.
        </p>
        <p>Nothing in these terms limits liability that cannot be limited by law, such as for fraud, or your rights as a consumer.</p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Ending your use of the site",
    body: (
      <>
        <p>
          You can stop using the site whenever you like, and delete your account with the Delete my account button in <TextLink to="/settings">Account Settings</TextLink>. That
          removes your account, reviews, images and everything else tied to it.
        </p>
        <p>
          We may suspend or close an account that breaks these terms, and remove its content. Where it is safe to do so, we will tell you why by email. The parts of these terms
          that by their nature should outlast an account, such as the disclaimers and the limit of liability, continue to apply.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms as the site changes. The date at the top shows the latest version. If a change matters for people with an account, we will say so on the site
        before it takes effect. Using the site after a change means you accept the new terms.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions about these terms? Write to us through the <TextLink to="/contact">contact page</TextLink>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <DocumentPage
      title={TITLE}
      description={DESCRIPTION}
      path={PATH}
      lastUpdated={LAST_UPDATED}
      intro={<p>These terms set out what you can expect from us and what we expect from you when you use {SITE_NAME}. We have tried to keep them short and plain.</p>}
      sections={SECTIONS}
    />
  );
}
