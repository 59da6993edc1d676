import type { RouteHandle } from "~/lib/route-handle";
import { DocumentPage, TextLink, type PageSection } from "~/components/static-page";
import { DOCUMENT_UPDATED } from "~/lib/blog/document-dates";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { MINIMUM_AGE, SITE_NAME } from "~/lib/site";
import { sessionMaxAgeDays } from "~/utils/session.server";
import type { Route } from "./+types/privacy";

/** A page to read: sent without React's client (decision 049). */
export const handle = { cache: "shared-with-personal-parts", hydrate: false as const } satisfies RouteHandle;

/**
 * The privacy page; /privacy-policy answers 301 to it (lib/seo/redirects.ts). Every statement here describes
 * what the code does: when a feature stores something new, this page changes with it.
 */
const PATH = "/privacy";
const LAST_UPDATED = DOCUMENT_UPDATED[PATH];
const TITLE = "Privacy Policy";
const DESCRIPTION = `What ${SITE_NAME} stores about you and why, the cookies it sets, how long data is kept, and how to download or delete your data under GDPR and CCPA.`;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: TITLE, description: DESCRIPTION, path: PATH, siteUrl: siteUrlOf(matches) });
}

/** The page states the session limit the server enforces (SESSION_MAX_AGE_DAYS, 90 by default; decision 037). */
export function loader() {
  return { sessionDays: sessionMaxAgeDays() };
}

const cookies = (sessionDays: number) => [
  {
    name: "atlas.session_token",
    purpose: "Keeps you signed in. It holds a random token and nothing else.",
    lifetime: `Set when you sign in. Lasts 30 days, extended once a day while you use the site, but never beyond ${sessionDays} days after you signed in; removed when you sign out.`,
  },
  {
    name: "atlas.device",
    purpose:
      "Marks this browser as one you have signed in from, so a stranger guessing your password cannot lock you out of your own account. It holds your account id and a random device id, signed by us. It does not sign you in.",
    lifetime: "One year from your last sign-in or password reset on this browser.",
  },
  {
    name: "atlas.flash",
    purpose: "Carries a one-off notice, such as “Signed in”, to the next page. It holds only the name of the notice.",
    lifetime: "One minute; removed once shown.",
  },
  { name: "theme", purpose: "Remembers light or dark mode, if you choose one.", lifetime: "One year." },
];

/** One block per cookie rather than a table: it reads the same at 360 px as on a desktop, with no sideways scrolling. */
function CookieList({ sessionDays }: { sessionDays: number }) {
  return (
    <div>
      <ul className="grid gap-3" aria-label="Cookies this site sets">
        {cookies(sessionDays).map((cookie) => (
          <li key={cookie.name} className="rounded-xl border p-4">
            <h3 className="break-all font-mono text-sm font-semibold">{cookie.name}</h3>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
              <dt className="font-medium text-muted-foreground">What it is for</dt>
              <dd>{cookie.purpose}</dd>
              <dt className="mt-2 font-medium text-muted-foreground sm:mt-0">How long it lasts</dt>
              <dd>{cookie.lifetime}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

const sections = (sessionDays: number): PageSection[] => [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <p>
        {SITE_NAME} is an independent directory of AI tools, with reviews, comparisons and articles. We decide what data the site collects and why, so for the purposes of data
        protection law we are the controller of your personal data. You can reach us about anything on this page through the <TextLink to="/contact">contact page</TextLink>.
      </p>
    ),
  },
  {
    id: "browsing",
    title: "When you browse without an account",
    body: (
      <>
        <p>
          You can read everything on the site without an account, and we do not set any cookie unless you choose a light or dark theme. Like every web server, ours receives your
          network (IP) address and your browser’s name with each request. We use them only in the ways described here:
        </p>
        <ul>
          <li>
            <strong>Article reads.</strong> When you open an article, the page reports one read so we can list popular articles. We store only a count per article and day. To count
            a read once per visitor in ten minutes, a short-lived rate-limit counter is kept under your network address and the article (see{" "}
            <a href="#security" className="underline underline-offset-4">
              security and rate limits
            </a>
            ).
          </li>
          <li>
            <strong>Searches and filters</strong> are part of the page address and are not stored with anything that identifies you.
          </li>
          <li>
            <strong>Page speed.</strong> For a sample of page views (about one in ten), your browser reports how fast the page loaded and responded: five timing figures and the
            kind of page (for example “a tool page”), sent when you leave it. We store only those figures, the kind of page and the time, never your address, account or the page’s
            address, and show them as totals on our verification page.
          </li>
        </ul>
        <p>The site itself keeps no log of the pages you visit.</p>
      </>
    ),
  },
  {
    id: "account",
    title: "Your account",
    body: (
      <>
        <p>When you create an account we store:</p>
        <ul>
          <li>your name and email address, whether you have confirmed the address, and when the account was created and last changed;</li>
          <li>your role on the site: a reader, or for our own staff an editor or the owner;</li>
          <li>your password, only as a one-way hash (scrypt): we cannot read it, and no one at {SITE_NAME} ever sees it;</li>
          <li>what you add to your profile, if you do: a username, a website and a profile picture;</li>
          <li>
            one record per signed-in browser (a session), with the network address and browser name it signed in from, and when it started, was last used and expires. You can see
            these under “Where you’re signed in” in <TextLink to="/settings">Account Settings</TextLink>;
          </li>
          <li>
            single-use links we email you to confirm your address (valid for 24 hours) or reset your password (valid for one hour). A confirmation link is signed by us and not
            stored; of a reset link we store only a one-way hash (SHA-256), so the link cannot be rebuilt from our database.
          </li>
        </ul>
        <p>
          We use your email address to confirm it, to reset your password when you ask, and to warn you if someone makes many failed attempts to sign in to your account. We do not
          send account holders marketing email.
        </p>
      </>
    ),
  },
  {
    id: "activity",
    title: "Reviews, images and other activity",
    body: (
      <>
        <p>When you are signed in, we store what you do on the site, linked to your account:</p>
        <ul>
          <li>tools you save as favourites and articles you save for later;</li>
          <li>your reviews and ratings, the images you attach to them, and your notes on tools;</li>
          <li>your likes and dislikes of tools, the reviews you mark as helpful, and the reviews you report, with the reason you give;</li>
          <li>a proof of use you choose to send for one of your reviews (a screenshot of your account or invoice page), until an editor has judged it.</li>
          <li>the tools you submit for the directory, with your relation to each and the editors' decision (editors see your name and email address with it).</li>
        </ul>
        <p>
          Reviews, ratings, notes and review images are public and show your display name. Everything else on this list is visible only to you. Before we store an uploaded image we
          convert it to WebP and remove its metadata, including any camera details and location.
        </p>
        <p>
          Our editors see the reports on a review and may hide or delete a review that breaks our rules; a hidden review stays visible to you on your profile, marked as hidden. A
          proof of use is seen only by our editors, never published, and deleted as soon as they have marked your review &lsquo;Verified user&rsquo; or declined it.
        </p>
      </>
    ),
  },
  {
    id: "newsletter-contact",
    title: "Newsletter and messages to us",
    body: (
      <>
        <p>
          <strong>If you subscribe to the newsletter</strong>, we store your email address, your name if you give it, which sign-up box you used, and when you subscribed, when we
          sent the confirmation email, when you confirmed and, later, when you unsubscribed. We send the newsletter only after you confirm through the link in that email, and every
          issue has an unsubscribe link.
        </p>
        <p>
          <strong>If you contact us</strong>, we store your name, email address, subject and message, and when you sent it, and forward it to our inbox so we can reply.
        </p>
      </>
    ),
  },
  {
    id: "affiliate-clicks",
    title: "Clicks on affiliate links",
    body: (
      <>
        <p>
          Buttons that take you to a tool, course or deal go through our own redirect first (see our <TextLink to="/affiliate-disclosure">Affiliate Disclosure</TextLink>). For each
          click we record the time, the link followed, the page on this site it came from, and a hash of your network address made with a secret that changes every day. The hash
          lets us count one visitor once a day; it cannot be turned back into your address, and we never store the address itself. Clicks by known bots are not counted.
        </p>
        <p>
          Once you arrive at the provider’s site, it and its affiliate network may set their own cookies under their own privacy policies. They receive our affiliate id, not your
          account or email address.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security and rate limits",
    body: (
      <>
        <p>
          To stop password guessing, spam and abuse, the site counts recent attempts in short time windows, from ten seconds to one day. The counters are keyed by network address
          and, for sign-in, sign-up and the emails we send, by the email address or account concerned. They are used only to refuse too many attempts.
        </p>
        <p>
          Our server logs record errors and a few security events, such as an attempt to create an account with an address that is already registered, which is logged with the
          network address and the account id. Logs never contain passwords.
        </p>
        <p>
          Pages are served over an encrypted connection in production; session cookies cannot be read by scripts; passwords are stored only as hashes, and the most common passwords
          (a list of about 49,000 from public leaks, also with digits or symbols added) are refused; password-reset links are stored only as hashes; a session ends {sessionDays}{" "}
          days after sign-in at the latest; deleting an account removes its data from the database at once.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and storage in your browser",
    body: (
      <>
        <p>
          We set only the cookies below, all first-party and needed for what you asked the site to do. On a secure (https) connection the first two carry the prefix{" "}
          <code className="font-mono text-sm">__Host-</code>, which stops any other site or subdomain from setting them.
        </p>
        <CookieList sessionDays={sessionDays} />
        <p>The site also keeps a few things in your browser’s local storage, on your device:</p>
        <ul>
          <li>a draft of a review you are writing, and a review that failed to send, so nothing you typed is lost (dropped after 24 hours);</li>
          <li>articles you save while signed out, until you sign in: they are then added to your account and cleared from the device;</li>
          <li>whether the diagnostic panel (Ctrl+Shift+D) is open.</li>
        </ul>
      </>
    ),
  },
  {
    id: "what-we-do-not-do",
    title: "What we do not do",
    body: (
      <ul>
        <li>We do not use analytics services, advertising networks, tracking pixels or social media widgets. Every page loads only from our own server.</li>
        <li>We do not sell or rent personal data, or share it for advertising.</li>
        <li>We do not build profiles of visitors or make automated decisions about you.</li>
        <li>Share buttons are plain links: nothing is sent to a social network unless you click one.</li>
      </ul>
    ),
  },
  {
    id: "service-providers",
    title: "Who else handles your data",
    body: (
      <>
        <p>A few service providers process data on our behalf, under contracts that let them use it only to provide their service to us:</p>
        <ul>
          <li>the company that hosts our servers and database;</li>
          <li>the email delivery service that sends confirmation, password-reset, security and newsletter emails;</li>
          <li>the file storage service that keeps uploaded images, where we do not keep them on our own server.</li>
        </ul>
        <p>We disclose data to anyone else only when the law requires us to.</p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep data",
    body: (
      <ul>
        <li>
          <strong>Your account</strong> and everything linked to it (profile, sessions, favourites, saved articles, reviews, images, votes, reports, likes, notes and tool
          submissions) are kept until you delete the account. Deleting it removes all of them, and your uploaded files, at once; a tool we approved and listed stays in the
          directory. Copies in database backups disappear as those backups are replaced.
        </li>
        <li>
          <strong>Sessions</strong> end when you sign out, 30 days after you last used them, or {sessionDays} days after you signed in, however often you use them; then you sign in
          again.
        </li>
        <li>
          <strong>Newsletter subscriptions</strong> are kept until you unsubscribe. We then keep your address marked as unsubscribed, so that we never email you again unless you
          subscribe and confirm afresh. Ask us if you want it removed entirely.
        </li>
        <li>
          <strong>Messages to us</strong> are kept so we can follow up on them. They are not deleted automatically; ask us and we will delete yours.
        </li>
        <li>
          <strong>Click records and read counts</strong> hold no personal data and are kept for our reports.
        </li>
      </ul>
    ),
  },
  {
    id: "gdpr",
    title: "Your rights (GDPR and UK GDPR)",
    body: (
      <>
        <p>
          We rely on these legal bases: providing the service you signed up for (your account and what you do with it); our legitimate interests in keeping the site secure,
          answering messages and counting reads and clicks without identifying anyone; and your consent for the newsletter, which you can withdraw at any time with the unsubscribe
          link.
        </p>
        <p>If you are in the European Economic Area or the United Kingdom, you have the right to:</p>
        <ul>
          <li>
            <strong>access and take your data:</strong> “Download my data” in <TextLink to="/settings">Account Settings</TextLink> gives you a JSON file with your account details,
            sign-in sessions, favourites, saved articles, reviews, helpful votes, reports, likes and notes on tools, tool submissions, and the newsletter subscription and contact
            messages sent from your account's email address, at once. For anything else we hold about you, ask us;
          </li>
          <li>
            <strong>correct it:</strong> edit your name, username, website and picture with Edit Profile on <TextLink to="/profile">your profile</TextLink>, or ask us to correct
            anything else;
          </li>
          <li>
            <strong>erase it:</strong> the “Delete my account” button in <TextLink to="/settings">Account Settings</TextLink> removes your account and everything the download
            lists, the newsletter subscription and messages sent from its address included. Ask us to remove a subscription or a message sent from another address;
          </li>
          <li>
            <strong>object</strong> to our use of your data, or ask us to <strong>restrict</strong> it;
          </li>
          <li>
            <strong>complain</strong> to your data protection authority. We would be grateful for the chance to put things right first.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "ccpa",
    title: "Your rights (California, CCPA)",
    body: (
      <>
        <p>
          If you live in California, you have the right to know what personal information we collect, use and disclose; to delete it; to correct it; and to opt out of its sale or
          sharing. In the last twelve months we collected the categories described above: identifiers (name, email address, network address), account log-in details, internet
          activity on this site, and the content you post. We collected them from you and your browser, for the purposes described above, and disclosed them only to the service
          providers listed. We do not sell or share personal information, so there is nothing to opt out of, and we will never treat you differently for using your rights.
        </p>
        <p>
          Use “Download my data” and “Delete my account” in <TextLink to="/settings">Account Settings</TextLink>, or contact us; an authorised agent may also contact us for you.
        </p>
      </>
    ),
  },
  {
    id: "requests",
    title: "Making a request",
    body: (
      <p>
        Send any privacy request through the <TextLink to="/contact">contact page</TextLink>. We aim to complete every request within one month, as data-protection law requires. To
        protect your account we may ask you to confirm a request from the email address it uses.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        The site is not meant for children under {MINIMUM_AGE}, and they may not create an account. If you believe a child under {MINIMUM_AGE} has given us personal data, contact
        us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        When the site starts to store something new or use data differently, we update this page first and change the date at the top. If a change affects people with an account,
        we will say so on the site.
      </p>
    ),
  },
];

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return (
    <DocumentPage
      title={TITLE}
      description={DESCRIPTION}
      path={PATH}
      lastUpdated={LAST_UPDATED}
      intro={
        <p>
          This policy explains, in plain words, what {SITE_NAME} stores about you, why, for how long, and how you can see, download or delete it. We collect as little as the site
          needs to work, and we do not use analytics or advertising trackers.
        </p>
      }
      sections={sections(loaderData.sessionDays)}
    />
  );
}
