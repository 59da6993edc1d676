import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "./request-context";

/** The request's headers (cookies for Better Auth) and the client address the rate limits key on. */
export type Client = { headers: Headers; ip: string };

export function clientOf(request: Request, context: Readonly<RouterContextProvider>): Client {
  return { headers: request.headers, ip: context.get(requestInfoContext).clientAddress };
}
