import { BLOG_POST_ROUTE_ID } from "~/lib/account/personal-routes";
import { personalPart } from "~/components/personal/personal-part";
import { useBlogPersonal } from "~/components/personal/blog-personal";

import { BookmarkButton } from "./bookmark-button";

/** An article's Save control, a personal part: saved or not for this reader. */
export const BookmarkButtonPart = personalPart("bookmark-button", function BookmarkButtonForReader({ slug, title }: { slug: string; title: string }) {
  const personal = useBlogPersonal(BLOG_POST_ROUTE_ID);
  return <BookmarkButton slug={slug} title={title} signedIn={personal !== null} saved={personal?.articleSaved ?? false} />;
});
