import { BLOG_LIST_ROUTE_ID } from "~/lib/account/personal-routes";
import { personalPart } from "~/components/personal/personal-part";
import { useBlogPersonal } from "~/components/personal/blog-personal";

import { SavedArticles } from "./saved-articles";

/** The blog's "Your saved articles", a personal part: the reader's latest, or this browser's when signed out. */
export const SavedArticlesPart = personalPart("saved-articles", function SavedArticlesForReader() {
  const personal = useBlogPersonal(BLOG_LIST_ROUTE_ID);
  return <SavedArticles signedIn={personal !== null} saved={personal?.latest ?? []} />;
});
