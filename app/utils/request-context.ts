import { createContext } from "react-router";
import type { Role } from "~/lib/account/roles";

/** What a signed-in visitor may do (lib/account/roles.ts): everyone who signs up is a reader; editors and owners are granted. */
export type { Role };

/** The signed-in visitor, as every loader and action sees them. */
export type Viewer = {
  id: string;
  sessionId: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  username: string | null;
  website: string | null;
  role: Role;
};

/** Per-request values the HTTP layer hands to loaders, actions and the document renderer. */
export type RequestInfo = {
  nonce: string;
  requestId: string;
  /** The client's address (X-Forwarded-For's first hop when TRUST_PROXY is on); "unknown" in process. */
  clientAddress: string;
  viewer: Viewer | null;
  /** Cookies an action or the session refresh wants set; the HTTP layer adds them to the response. */
  setCookies: string[];
  /** Other headers an action wants on the page's response (a form's 429 carries Retry-After). */
  responseHeaders: Headers;
  /** The request is for a document, not a client navigation's data (`.data`): its HTML holds its page texts (lib/ui/page-text.ts). */
  document: boolean;
  /**
   * The database did not answer during this request (the session lookup, or a loader or action): the request is
   * answered 503 with the 'temporarily unavailable' screen (utils/unavailable.server.ts).
   */
  databaseUnavailable?: boolean;
  /** What the page cache learns of a render it may keep: whether a loader read the viewer (`viewerOf`). */
  notes?: RenderNotes;
};

/**
 * The routes a page was rendered in (React Router's matches, root first: id, path, whether an index route) and their
 * loader data by route id: a kept page's parts are rendered in them, alone (server/page-parts, decision 066).
 */
export type RenderedRoute = { branch: { id: string; path?: string; index?: boolean }[]; loaderData: Record<string, unknown> };

/**
 * Filled in while a page renders, for the page cache (server/page-cache-step.ts): whether a loader read the viewer,
 * and the routes the page was rendered in, with which the parts of the kept page are rendered (decisions 054, 066).
 */
export type RenderNotes = {
  viewerRead: boolean;
  route?: RenderedRoute;
  /**
   * Asked by the page cache: render the page as the kept shell of its route's addresses (server/shells: /search, the
   * directory's /tools), its results part empty and its loader data's `result` null (decisions 059, 066, 074).
   */
  shell?: boolean;
};

export const requestInfoContext = createContext<RequestInfo>();
