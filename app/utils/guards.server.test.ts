import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { hasRole, isScriptRequest, pagePathOf, requireRole, requireViewer, roleOf, ROLES } from "./guards.server";
import { requestInfoContext, type Viewer } from "./request-context";

const reader: Viewer = { id: "u1", sessionId: "s1", name: "Rea Der", email: "r@example.com", emailVerified: true, image: null, username: "rea", website: null, role: "reader" };

function args(url: string, viewer: Viewer | null) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { nonce: "n", requestId: "r", clientAddress: "127.0.0.1", viewer, setCookies: [], responseHeaders: new Headers(), document: true });
  return { request: new Request(`http://localhost${url}`), context };
}

async function thrown(run: () => unknown): Promise<Response> {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("the guard did not throw");
}

describe("requireViewer", () => {
  it("returns the signed-in viewer", () => {
    expect(requireViewer(args("/profile", reader))).toBe(reader);
  });

  it("sends an anonymous page request to sign in, with the way back", async () => {
    const response = await thrown(() => requireViewer(args("/my-reviews?sort=new", null)));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?redirectTo=%2Fmy-reviews%3Fsort%3Dnew");
  });

  it("returns a client navigation to the page, not to its .data URL", async () => {
    const response = await thrown(() => requireViewer(args("/settings.data?_routes=routes%2Fsettings", null)));
    expect(response.headers.get("location")).toBe("/auth?redirectTo=%2Fsettings");
  });

  it("answers the JSON API 401 with the message it was given", async () => {
    const response = await thrown(() => requireViewer(args("/api/favorites", null), { message: "authRequiredBookmark" }));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      ok: false,
      code: "UNAUTHENTICATED",
      toast: { title: "Authentication required", description: "Please sign in to bookmark tools." },
    });
  });
});

describe("requireRole", () => {
  it("admits a reader to reader pages and sends others to sign in", async () => {
    expect(requireRole(args("/profile", reader), "reader")).toBe(reader);
    expect(hasRole(reader, "reader")).toBe(true);
    expect((await thrown(() => requireRole(args("/profile", null), "reader"))).status).toBe(302);
    expect((await thrown(() => requireRole(args("/api/reviews", null), "reader"))).status).toBe(401);
  });

  it("orders the roles: an owner is also an editor and a reader; a reader gets the not-found page or 403", async () => {
    const owner: Viewer = { ...reader, role: "owner" };
    const editor: Viewer = { ...reader, role: "editor" };
    expect(ROLES).toEqual(["reader", "editor", "owner"]);
    expect([hasRole(owner, "editor"), hasRole(owner, "reader"), hasRole(editor, "owner"), hasRole(editor, "reader")]).toEqual([true, true, false, true]);
    expect(requireRole(args("/sitemap-dashboard", owner), "owner")).toBe(owner);
    // The not-found page is thrown as React Router data with its status (utils/not-found.server.ts).
    expect(() => requireRole(args("/sitemap-dashboard", editor), "owner")).toThrow(expect.objectContaining({ init: { status: 404 } }));
    expect((await thrown(() => requireRole(args("/api/search-engines/submit", reader), "owner"))).status).toBe(403);
    expect([roleOf("editor"), roleOf("admin"), roleOf(null)]).toEqual(["editor", "reader", "reader"]);
  });
});

describe("request shapes", () => {
  it("tells a script's .data request from a document request", () => {
    expect(isScriptRequest(new Request("http://localhost/tools/chatgpt.data"))).toBe(true);
    expect(isScriptRequest(new Request("http://localhost/tools/chatgpt"))).toBe(false);
    expect(pagePathOf(new Request("http://localhost/_.data?index"))).toBe("/");
  });
});
