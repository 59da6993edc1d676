import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createVerifiedUser, post, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { startS3 } from "../support/s3";

let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3("atlas-uploads");
});
afterAll(async () => {
  await s3?.stop();
});

const png = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: "#227755" } })
    .png()
    .toBuffer();

async function uploadReviewImage(app: TestApp, cookie: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await png())], { type: "image/png" }), "shot.png");
  const response = await app.request("/api/uploads", { method: "POST", body: form, headers: { Cookie: cookie, "X-Forwarded-For": uniqueIp() } });
  expect(response.status).toBe(201);
  return String(((await response.json()) as { data: { url: string } }).data.url);
}

async function json(app: TestApp, method: string, pathname: string, body: unknown, cookie: string) {
  const response = await app.request(pathname, {
    method,
    headers: { "Content-Type": "application/json", Cookie: cookie, "X-Forwarded-For": uniqueIp() },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { toast: { title: string } } };
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, "");

describeEachBackend(
  "uploads in an S3-compatible bucket",
  (app) => {
    it("stores a review image in the bucket, serves it at /uploads/<key> and writes nothing to DATA_DIR/uploads", async () => {
      const user = await createVerifiedUser(app, { name: "Bucket Reviewer" });
      const url = await uploadReviewImage(app, user.cookie);
      expect(url).toMatch(/^\/uploads\/reviews\/[a-f0-9]{32}-\d{13}\.webp$/);

      const stored = await s3.object(keyOf(url));
      expect(stored.status).toBe(200);
      expect(stored.headers.get("content-type")).toBe("image/webp");
      expect(stored.headers.get("cache-control")).toBe("public, max-age=3600");
      const inBucket = Buffer.from(await stored.arrayBuffer());

      const served = await app.request(url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      // UPLOAD_CACHE_SECONDS (an hour by default): a deleted image leaves caches in front within that (decision 040).
      expect(served.headers.get("cache-control")).toBe("public, max-age=3600");
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.equals(inBucket)).toBe(true);
      expect(served.headers.get("content-length")).toBe(String(bytes.byteLength));
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 300, height: 200 });

      expect(existsSync(path.join(app.dataDir, "uploads"))).toBe(false);
    });

    it("answers 404 for a missing object and never requests a key outside the upload pattern", async () => {
      const missing = await app.request(`/uploads/reviews/${"0".repeat(32)}-1700000000000.webp`);
      expect(missing.status).toBe(404);
      // An object that exists in the bucket but is not an upload key is not reachable through the site.
      expect((await s3.object("reviews/page.html", { method: "PUT", body: "<script>alert(1)</script>", headers: { "Content-Type": "text/html" } })).ok).toBe(true);
      for (const pathname of ["/uploads/reviews/page.html", "/uploads/..%2Freviews%2Fpage.html", "/uploads/reviews"]) {
        expect((await app.request(pathname)).status, pathname).toBe(404);
      }
    });

    it("deletes the object with the review, and an account's avatar and stray uploads with the account", async () => {
      const user = await createVerifiedUser(app, { name: "Bucket Leaver" });
      const attached = await uploadReviewImage(app, user.cookie);
      const created = await json(app, "POST", "/api/reviews", { toolSlug: "chatgpt", rating: 4, comment: "Screenshots attached.", images: [attached] }, user.cookie);
      expect(created.status).toBe(201);
      const [{ id }] = (await app.query<{ id: number }>("select r.id::int as id from reviews r join users u on u.id = r.user_id where u.email = $1", [user.email])) as [
        { id: number },
      ];
      expect((await json(app, "DELETE", `/api/reviews/${id}`, {}, user.cookie)).body.toast.title).toBe("Review deleted");
      expect((await s3.object(keyOf(attached))).status).toBe(404);
      expect((await app.request(attached)).status).toBe(404);

      const form = new FormData();
      form.set("name", "Bucket Leaver");
      form.set("username", "bucket_leaver");
      form.set("avatar", new Blob([new Uint8Array(await png(64, 64))], { type: "image/png" }), "me.png");
      const profile = await app.request("/profile", { method: "POST", body: form, headers: { Cookie: user.cookie, "X-Forwarded-For": uniqueIp() } });
      expect(profile.status).toBe(302);
      const [{ image }] = (await app.query<{ image: string }>("select image from users where email = $1", [user.email])) as [{ image: string }];
      expect(image).toMatch(/^\/uploads\/avatars\/[a-f0-9]{32}-\d{13}\.webp$/);
      expect((await s3.object(keyOf(image))).status).toBe(200);
      const served = await app.request(image);
      expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/webp"]);
      const stray = await uploadReviewImage(app, user.cookie);
      expect((await s3.object(keyOf(stray))).status).toBe(200);

      const deleted = await post(app, "/settings", { intent: "delete-account", password: user.password, confirm: "DELETE" }, { cookie: user.cookie });
      expect(deleted.status).toBe(302);
      expect((await s3.object(keyOf(image))).status).toBe(404);
      expect((await s3.object(keyOf(stray))).status).toBe(404);
      expect(existsSync(path.join(app.dataDir, "uploads"))).toBe(false);
    });
  },
  { env: () => s3.env },
);
