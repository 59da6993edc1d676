import { beforeAll, expect, it } from "vitest";
import { MESSAGES, type MessageKey } from "~/lib/messages";
import { createVerifiedUser } from "../support/accounts";
import { describeEachBackend } from "../support/app";
import { ONE_BACKEND } from "../support/sample";

/**
 * Resource routes (files, images, downloads) answer an expected failure through the one error type: the status of
 * its code (utils/errors.server.ts), the message catalogue's words as plain text and an explicit Cache-Control
 * (utils/replies.server.ts `resourceErrorResponse`), never a text or a status of their own. eslint.config.js refuses
 * `new Response("…")` with a literal text in app/routes (tests/support/lint-rules.test.ts proves the rule bites).
 */
const wordsOf = (key: MessageKey) => {
  const message: { title: string; description?: string } = MESSAGES[key];
  return `${message.title}${message.description ? `: ${message.description}` : ""}\n`;
};

async function answerOf(response: Response) {
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    cacheControl: response.headers.get("cache-control"),
    body: await response.text(),
  };
}

describeEachBackend(
  "resource routes' expected failures",
  (app) => {
    let editorCookie = "";
    beforeAll(async () => {
      const editor = await createVerifiedUser(app, { name: "Resource Editor" });
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
      editorCookie = editor.cookie;
    });

    const notFound = { status: 404, type: "text/plain; charset=utf-8", cacheControl: "no-store", body: wordsOf("fileNotFound") };

    it.each([
      "/images/tools/no-such-tool.svg",
      "/images/tools/chatgpt.png",
      "/images/posts/no-such-post.png",
      "/og/tool/no-such-tool.png",
      "/og/category/no-such-category.png",
      "/og/nothing.png",
      "/uploads/no-such-file.webp",
    ])("%s: 404 in the catalogue's words, kept by no cache", async (path) => {
      expect(await answerOf(await app.request(path))).toEqual(notFound);
    });

    it("an editor's request for a proof image that does not exist: the same 404, private as every signed-in answer", async () => {
      const answer = await answerOf(await app.request("/admin/proofs/999999/image", { headers: { Cookie: editorCookie } }));
      expect(answer).toEqual({ ...notFound, cacheControl: "private, no-store" });
    });

    it("a comparison CSV without a known tool: 400 in the catalogue's words", async () => {
      for (const query of ["", "?tools=nope", "?tools=%ZZ"]) {
        expect(await answerOf(await app.request(`/tools/comparison.csv${query}`)), query).toEqual({
          status: 400,
          type: "text/plain; charset=utf-8",
          cacheControl: "no-store",
          body: wordsOf("comparisonCsvNoTools"),
        });
      }
    });
  },
  ONE_BACKEND,
);
