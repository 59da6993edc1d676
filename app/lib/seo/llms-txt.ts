import { SITE_NAME, SITE_TAGLINE } from "../site";

/**
 * /llms.txt in the llmstxt.org format: an H1 with the site's name, a blockquote summary, then sections of
 * link lists ('- [name](url): notes'), with absolute links. Built from the database by routes/llms.ts.
 */
export type LlmsLink = { name: string; path: string; notes?: string };
export type LlmsSection = { heading: string; links: readonly LlmsLink[] };

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export function llmsTxt(summary: string, sections: readonly LlmsSection[], siteUrl: string): string {
  const lines = [`# ${SITE_NAME}`, "", `> ${oneLine(`${SITE_TAGLINE}. ${summary}`)}`, ""];
  for (const section of sections) {
    if (!section.links.length) continue;
    lines.push(`## ${section.heading}`, "");
    for (const link of section.links) {
      const notes = link.notes ? `: ${oneLine(link.notes)}` : "";
      lines.push(`- [${oneLine(link.name).replace(/[[\]]/g, "")}](${new URL(link.path, siteUrl)})${notes}`);
    }
    lines.push("");
  }
  return lines.join("\n");
}
