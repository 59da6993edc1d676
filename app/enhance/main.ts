/**
 * The one script of reading pages (decision 049: articles, blog lists, static and legal pages, task pages), in
 * place of React's client. Everything it enhances works as a plain link or form without it: the menu, the theme
 * switch, the newsletter boxes, Save on an article, the blog's Load More; Copy link and the share sheet are shown by it. Built on its own
 * by vite.config.ts (`enhanceScript`); what it loads later (the message catalogue, the vitals measurer) are chunks
 * of its own. Nothing here may import React.
 */
import { sampleVitals } from "./vitals";
import { debugLog } from "~/lib/vitals/debug-log";
import { whenShown } from "./activation";
import { enhanceBookmark, handOverLocalBookmarks, showSavedHere } from "./bookmarks";
import { installDebugOverlay } from "./debug-overlay";
import { enhanceLoadMore } from "./load-more";
import { enhanceMenu } from "./menu";
import { personalDataInPage } from "~/lib/account/personal-data";
import { enhanceNewsletter } from "./newsletter";
import { installSearchShortcut } from "./palette";
import { enhanceShare } from "./share";
import { enhanceThemeSwitch } from "./theme";
import { showToast } from "./toast";

const each = <E extends Element>(selector: string, enhance: (element: E) => void) => document.querySelectorAll<E>(selector).forEach((element) => enhance(element));

/** What the page tells its script (reading-scripts.tsx). */
const { route, vitalsRate, signedIn } = document.querySelector<HTMLScriptElement>("script[data-enhance]")?.dataset ?? {};
// A page rendered for a signed-in reader says so on its script; the shared page served with their personal parts
// (decision 054) carries their personal data instead.
const reader = signedIn !== undefined || Boolean(personalDataInPage()?.viewer);

debugLog.push("navigation", location.pathname + location.search);
installDebugOverlay();
installSearchShortcut();
each("details[data-menu]", enhanceMenu);
each("form[data-theme-toggle]", enhanceThemeSwitch);
each("[data-share]", enhanceShare);
each("form[data-newsletter]", enhanceNewsletter);
each<HTMLFormElement>("form[data-bookmark]", (form) => enhanceBookmark(form, reader));
each("[data-saved-here]", showSavedHere);
each("[data-load-more]", enhanceLoadMore);
if (reader) handOverLocalBookmarks(showToast);

// An article counts as read once it has been on screen for three seconds (anonymous; a daily counter on the server).
each<HTMLElement>("[data-read-beacon]", (article) => whenShown(() => setTimeout(() => navigator.sendBeacon?.(article.dataset.readBeacon!), 3000)));

sampleVitals(Number(vitalsRate) || 0, route);

// Browser tests (and CSS, if ever needed) know the page is ready for them, as on hydrated pages.
document.documentElement.dataset.hydrated = "enhance";
