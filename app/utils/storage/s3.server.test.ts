import { createHash, createHmac } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { objectUrl, type S3Config, s3Store } from "./s3.server";

// The example credentials and request of the AWS S3 SigV4 documentation ("Example: GET Object",
// docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html).
const AWS_EXAMPLE = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  datetime: "20130524T000000Z",
  emptyHash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  getObjectSignature: "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
};

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const hmac = (key: string | Buffer, text: string) => createHmac("sha256", key).update(text).digest();

/** SigV4 written out from the specification, to check what the store sends (s3rver does not verify V4 signatures). */
function referenceSignature(request: { method: string; url: string; headers: Record<string, string> }, secret: string, region: string) {
  const url = new URL(request.url);
  const headers: Record<string, string> = { ...request.headers, host: url.host };
  const names = Object.keys(headers).sort();
  const canonical = [
    request.method,
    url.pathname,
    url.search.slice(1),
    names.map((name) => `${name}:${headers[name]!.trim()}\n`).join(""),
    names.join(";"),
    headers["x-amz-content-sha256"],
  ].join("\n");
  const datetime = headers["x-amz-date"]!;
  const scope = `${datetime.slice(0, 8)}/${region}/s3/aws4_request`;
  const key = [datetime.slice(0, 8), region, "s3", "aws4_request"].reduce<string | Buffer>((current, part) => hmac(current, part), `AWS4${secret}`);
  return { signedHeaders: names.join(";"), scope, signature: hmac(key, ["AWS4-HMAC-SHA256", datetime, scope, sha256(canonical)].join("\n")).toString("hex") };
}

describe("SigV4 signing", () => {
  it("aws4fetch and the reference both reproduce the AWS documentation's GET Object signature", async () => {
    const request = {
      method: "GET",
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      headers: { range: "bytes=0-9", "x-amz-content-sha256": AWS_EXAMPLE.emptyHash, "x-amz-date": AWS_EXAMPLE.datetime },
    };
    expect(referenceSignature(request, AWS_EXAMPLE.secretAccessKey, "us-east-1").signature).toBe(AWS_EXAMPLE.getObjectSignature);
    const signer = new AwsV4Signer({
      ...request,
      accessKeyId: AWS_EXAMPLE.accessKeyId,
      secretAccessKey: AWS_EXAMPLE.secretAccessKey,
      service: "s3",
      region: "us-east-1",
      datetime: AWS_EXAMPLE.datetime,
      allHeaders: true, // the example signs Range, which aws4fetch leaves out by default
    });
    const signed = await signer.sign();
    expect(signed.headers.get("authorization")).toBe(
      `AWS4-HMAC-SHA256 Credential=${AWS_EXAMPLE.accessKeyId}/20130524/us-east-1/s3/aws4_request, ` +
        `SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=${AWS_EXAMPLE.getObjectSignature}`,
    );
  });
});

describe("s3Store", () => {
  const config: S3Config = {
    endpoint: "https://s3.eu-west-1.amazonaws.com",
    bucket: "atlas-uploads",
    region: "eu-west-1",
    accessKeyId: AWS_EXAMPLE.accessKeyId,
    secretAccessKey: AWS_EXAMPLE.secretAccessKey,
    forcePathStyle: false,
    cacheControl: "public, max-age=3600",
  };
  const key = `reviews/${"a".repeat(32)}-1700000000000.webp`;
  let sent: { method: string; url: string; headers: Record<string, string>; body: Buffer }[];
  let answers: Response[];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2013-05-24T00:00:00Z"));
    sent = [];
    answers = [];
    vi.stubGlobal("fetch", async (request: Request) => {
      sent.push({
        method: request.method,
        url: request.url,
        headers: Object.fromEntries(request.headers),
        body: Buffer.from(await request.arrayBuffer()),
      });
      return answers.shift() ?? new Response(null, { status: 200 });
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Each request carries a correct SigV4 Authorization over every header it sends but the unsignable ones. */
  function expectSigned(request: (typeof sent)[number]) {
    const { authorization, "content-type": _type, "content-length": _length, ...signable } = request.headers;
    const expected = referenceSignature({ method: request.method, url: request.url, headers: signable }, config.secretAccessKey, config.region);
    expect(authorization).toBe(`AWS4-HMAC-SHA256 Credential=${config.accessKeyId}/${expected.scope}, SignedHeaders=${expected.signedHeaders}, Signature=${expected.signature}`);
  }

  it("builds virtual-hosted and path-style URLs, keeping an endpoint's path prefix", () => {
    expect(objectUrl(config, key)).toBe(`https://atlas-uploads.s3.eu-west-1.amazonaws.com/${key}`);
    expect(objectUrl({ ...config, endpoint: "http://127.0.0.1:9000/", forcePathStyle: true }, key)).toBe(`http://127.0.0.1:9000/atlas-uploads/${key}`);
    expect(objectUrl({ ...config, endpoint: "https://example.com/s3", forcePathStyle: true }, key)).toBe(`https://example.com/s3/atlas-uploads/${key}`);
  });

  it("PUTs image/webp with If-None-Match: * and a valid signature, and falls back when the server has no conditional writes", async () => {
    const store = s3Store(config);
    await store.put(key, Buffer.from("webp-bytes"), "image/webp");
    expect(sent).toHaveLength(1);
    const [put] = sent as [(typeof sent)[number]];
    expect(put).toMatchObject({ method: "PUT", url: `https://atlas-uploads.s3.eu-west-1.amazonaws.com/${key}` });
    expect(put.headers).toMatchObject({
      "content-type": "image/webp",
      // Short enough for a deleted image to leave a CDN that reads the bucket directly (UPLOAD_CACHE_SECONDS).
      "cache-control": "public, max-age=3600",
      "if-none-match": "*",
      "x-amz-content-sha256": "UNSIGNED-PAYLOAD",
      "x-amz-date": AWS_EXAMPLE.datetime,
    });
    expect(put.body.toString()).toBe("webp-bytes");
    expectSigned(put);

    answers = [new Response("<Error><Code>NotImplemented</Code></Error>", { status: 501 })];
    await store.put(key, Buffer.from("again"), "image/webp");
    expect(sent.slice(1).map((request) => [request.method, request.headers["if-none-match"]])).toEqual([
      ["PUT", "*"],
      ["PUT", undefined],
    ]);
    expectSigned(sent[2]!);

    answers = [new Response("<Error><Code>PreconditionFailed</Code></Error>", { status: 412 })];
    await expect(store.put(key, Buffer.from("x"), "image/webp")).rejects.toThrow(`S3 PUT atlas-uploads/${key} failed: 412 PreconditionFailed`);
  });

  it("GETs bytes (null on 404) and DELETEs, each signed; other failures throw", async () => {
    const store = s3Store({ ...config, endpoint: "http://127.0.0.1:9000", forcePathStyle: true });
    answers = [new Response("stored"), new Response("<Error><Code>NoSuchKey</Code></Error>", { status: 404 }), new Response(null, { status: 204 })];
    expect((await store.get(key))?.toString()).toBe("stored");
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
    expect(sent.map((request) => [request.method, request.url])).toEqual([
      ["GET", `http://127.0.0.1:9000/atlas-uploads/${key}`],
      ["GET", `http://127.0.0.1:9000/atlas-uploads/${key}`],
      ["DELETE", `http://127.0.0.1:9000/atlas-uploads/${key}`],
    ]);
    for (const request of sent) expectSigned(request);

    answers = [new Response("<Error><Code>AccessDenied</Code></Error>", { status: 403 })];
    await expect(store.get(key)).rejects.toThrow("S3 GET atlas-uploads/" + key + " failed: 403 AccessDenied");

    // Throttling is retried twice, then reported.
    sent = [];
    answers = [new Response(null, { status: 503 }), new Response("late")];
    expect((await store.get(key))?.toString()).toBe("late");
    answers = [503, 503, 503].map((status) => new Response("<Error><Code>SlowDown</Code></Error>", { status }));
    await expect(store.get(key)).rejects.toThrow("failed: 503 SlowDown");
    expect(sent).toHaveLength(5);
  });
});
