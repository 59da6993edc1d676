import type { ViewerSummary } from "./account-nav";

/**
 * What a signed-in reader did on a tool's page (decision 054): their review, their votes, reports and replies on the
 * reviews shown, whether they watch the tool, their reactions to the similar tools, and whether they may reply.
 */
export type ToolPersonal = {
  toolId: number;
  /** The reader's account id: the review form keys its drafts by it. */
  viewerId: string;
  own: { id: number; rating: number; comment: string; images: string[]; hidden: boolean; verified: boolean; proofPending: boolean } | null;
  /** The reviews on the page the reader marked helpful, and those they reported. */
  voted: number[];
  reported: number[];
  /** The replies on the page the reader wrote (an editor's or a maker's). */
  ownReplyIds: number[];
  watching: boolean;
  /** The reader's like (1) or dislike (-1) of the tools shown beside this one, by tool id. */
  reactions: Record<number, -1 | 1>;
  /** An editor, or the tool's approved maker: they may answer reviews. */
  canReply: boolean;
};

/** A signed-in reader's part of a blog page: their latest saved articles (the list's sidebar), whether they saved the article shown. */
export type BlogPersonal = { latest: { slug: string; title: string }[]; articleSaved: boolean };

/**
 * What makes a shared page this reader's (decision 054): who is signed in, which tools they saved and which categories
 * they follow, and on a tool page what they did there, on a blog page the articles they saved. The personal parts of a page (components/personal) are the only places that show it, so a
 * signed-in reader can be served the page kept for anonymous visitors with just those parts rendered for them
 * (server/page-parts/render-parts.tsx).
 */
export type PersonalData = { viewer: ViewerSummary | null; favoriteSlugs: string[]; followedCategorySlugs: string[]; tool?: ToolPersonal; blog?: BlogPersonal };

/** The id of the JSON a page served with personal parts carries beside React Router's loader data. */
export const PERSONAL_DATA_ID = "personal-data";

/** The personal data a page served with personal parts carries, in the browser; null on any other page. */
export function personalDataInPage(): PersonalData | null {
  const text = document.getElementById(PERSONAL_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as PersonalData) : null;
}
