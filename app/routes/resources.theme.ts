import { data, redirect } from "react-router";
import { parseTheme, safeRedirectPath, THEME_COOKIE } from "~/lib/theme";
import type { Route } from "./+types/resources.theme";

/** Stores the colour theme in a cookie; a plain form post works without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = parseTheme(String(form.get("theme") ?? ""));
  const cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
  const headers = new Headers({ "Set-Cookie": cookie });
  // A plain form post (no JavaScript) names the page to return to; the in-page toggle does not.
  if (!form.has("redirectTo")) return data({ theme }, { headers });
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers });
}

export function loader() {
  return redirect("/");
}
