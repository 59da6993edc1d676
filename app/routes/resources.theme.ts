import type { RouteHandle } from "~/lib/route-handle";
import { redirect } from "react-router";
import { safeRedirect } from "~/lib/account/safe-redirect";
import { themeWrite } from "~/models/preferences/writes.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/resources.theme";

export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * Stores the colour theme in a cookie, through the write path. A plain form post (no JavaScript) names the page to
 * return to and is sent back there; the in-page switch (theme-toggle.tsx, enhance/theme.ts) posts no `redirectTo`
 * and gets the reply where it is.
 */
export async function action(args: Route.ActionArgs) {
  return formWrite(args, {
    theme: {
      spec: themeWrite,
      options: { redirect: { when: "always", to: (fields) => (fields.redirectTo === undefined ? null : safeRedirect(fields.redirectTo as string)) } },
    },
  });
}

export function loader() {
  return redirect("/");
}
