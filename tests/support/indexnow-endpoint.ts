import http from "node:http";
import { freePort } from "./ports";

export type IndexNowPost = { path: string; contentType: string; body: { host: string; key: string; keyLocation: string; urlList: string[] } };

/** A local stand-in for an IndexNow endpoint: records every POST and answers with `status` (changeable). */
export async function startFakeIndexNow() {
  const posts: IndexNowPost[] = [];
  const state = { status: 200 };
  const server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      posts.push({ path: request.url ?? "", contentType: request.headers["content-type"] ?? "", body: JSON.parse(raw || "{}") });
      response.statusCode = state.status;
      response.end(state.status >= 400 ? "refused by the fake endpoint" : "");
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/indexnow`,
    posts,
    answer: (status: number) => void (state.status = status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
