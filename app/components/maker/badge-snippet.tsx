import { TextareaField } from "~/components/ui/form-parts";
import { badgePath, badgeSize, badgeWords, type BadgeTheme } from "~/lib/badge/badge-svg";
import { SITE_NAME } from "~/lib/site";

export type BadgeSnippetProps = {
  slug: string;
  toolName: string;
  /** The site's address, as `useSiteUrl()` gives it (the snippet is pasted on another site, so its URLs are absolute). */
  siteUrl: string;
  /**
   * The day (YYYY-MM-DD) of the confirmation that covers the tool's prices now, as the badge reads it
   * (models/badge/badge.server.ts `getToolBadge`), or null: the badge then says nothing about prices.
   */
  pricesConfirmed: string | null;
};

const THEMES: { theme: BadgeTheme; label: string }[] = [
  { theme: "light", label: "For a light page" },
  { theme: "dark", label: "For a dark page" },
];

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The HTML a maker pastes: a link to the tool's page around the badge. The alt text says what stays true whatever
 * the badge shows later (a confirmation of prices lasts only while the prices do); `width` and `height` are today's,
 * so the page does not shift while the image loads.
 */
export function badgeSnippetHtml({ slug, toolName, siteUrl, pricesConfirmed }: BadgeSnippetProps, theme: BadgeTheme): string {
  const site = siteUrl.replace(/\/+$/, "");
  const { width, height } = badgeSize(badgeWords(pricesConfirmed));
  const alt = `${toolName} is listed on ${SITE_NAME}`;
  return (
    `<a href="${escapeAttribute(`${site}/tools/${encodeURIComponent(slug)}`)}">` +
    `<img src="${escapeAttribute(site + badgePath(slug, { theme }))}" alt="${escapeAttribute(alt)}" width="${width}" height="${height}"></a>`
  );
}

/**
 * The badge a maker may embed (issue 45, decision 083): a preview of both themes and, for each, the HTML to copy from
 * a read-only text box, which works without JavaScript (select and copy).
 */
export function BadgeSnippet(props: BadgeSnippetProps) {
  const { slug, toolName, pricesConfirmed } = props;
  const { width, height } = badgeSize(badgeWords(pricesConfirmed));
  return (
    <section aria-labelledby={`badge-snippet-${slug}`} className="grid gap-4">
      <h2 id={`badge-snippet-${slug}`} className="text-xl font-semibold">
        A badge for your site
      </h2>
      <p className="text-sm text-muted-foreground">
        It says only what we recorded: that {toolName} is listed on {SITE_NAME}
        {pricesConfirmed
          ? ", and the day of the check we recorded that covers its prices as they are. If its prices change, that part goes until a new check covers them. To leave it out, add ?prices=0 to the image's address."
          : ". Once a check we record covers its prices as they are, it adds the day of that check."}{" "}
        Paying us changes nothing it says, nor any rating, review, verdict or ranking.
      </p>
      {THEMES.map(({ theme, label }) => {
        const id = `badge-snippet-${slug}-${theme}`;
        return (
          <div key={theme} className="grid gap-2">
            {/* The preview on a background of its theme, loaded from this site (the page's image policy allows our own address). */}
            <div className={theme === "dark" ? "rounded-md bg-slate-900 p-3" : "rounded-md border bg-white p-3"} data-badge-preview={theme}>
              <img src={badgePath(slug, { theme })} alt={`${label}: ${badgeWords(pricesConfirmed).label}`} width={width} height={height} />
            </div>
            <TextareaField id={id} label={`HTML ${label.toLowerCase()}`} readOnly rows={3} value={badgeSnippetHtml(props, theme)} className="font-mono" />
          </div>
        );
      })}
    </section>
  );
}
