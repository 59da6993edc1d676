import type { RouteHandle } from "~/lib/route-handle";
import { data, redirect } from "react-router";
import { MESSAGES } from "~/lib/messages";
import { serializeCookie } from "~/utils/cookies.server";
import { safeRedirect } from "~/lib/account/safe-redirect";
import { parseTheme, THEME_COOKIE } from "~/lib/ui/theme";
import type { Route } from "./+types/resources.theme";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** Stores the colour theme in a cookie; a plain form post works without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
  // The HTTP layer caps the body; a body that is not a form (or was cut off) is the visitor's mistake.
  const form = await request.formData().catch(() => null);
  if (!form) return data({ error: MESSAGES.unreadableForm.description }, { status: 400 });
  const theme = parseTheme(String(form.get("theme") ?? ""));
  const cookie = serializeCookie(THEME_COOKIE, theme, { maxAge: 31536000 });
  const headers = new Headers({ "Set-Cookie": cookie });
  // A plain form post (no JavaScript) names the page to return to; the in-page toggle does not.
  if (!form.has("redirectTo")) return data({ theme }, { headers });
  return redirect(safeRedirect(form.get("redirectTo")), { headers });
}

export function loader() {
  return redirect("/");
}
