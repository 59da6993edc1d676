import http from "node:http";

/**
 * A newsletter sign-up over HTTP on a connection of its own (so a cluster's round robin spreads them over its
 * processes), from an address of its own (`198.51.100.<firstOctet + index>`, so no per-address limit is met): its
 * confirmation goes to the outbox. Resolves to the answer's status.
 */
export function subscribeOverHttp(port: number, email: string, index: number, firstOctet = 1) {
  return new Promise<number>((resolve, reject) => {
    const body = new URLSearchParams({ email, source: "home" }).toString();
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/newsletter",
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), "X-Forwarded-For": `198.51.100.${index + firstOctet}` },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
