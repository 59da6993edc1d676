import type { RouteHandle } from "~/lib/route-handle";
import { redirect } from "react-router";
import { signOutWrite } from "~/models/account/writes.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/auth.sign-out";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** Log out: deletes the session row on the server and clears the cookie, then says so on the home page. */
export const action = (args: Route.ActionArgs) => formWrite(args, { signout: { spec: signOutWrite, options: { redirect: { when: "always", to: () => "/" } } } });

// Signing out only ever happens by POST (a link or prefetch must not sign anyone out).
export function loader() {
  throw redirect("/profile");
}
