import net from "node:net";

export type RawAnswer = { status: number; head: string; body: string };

/**
 * Sends `lines` (a request line and headers, joined with CRLF, no blank line) over a bare TCP connection and
 * reads the answer until the server closes it. fetch and undici normalise what these tests need to send as it
 * is: a Host header with spaces or a bad port, a proxy's absolute-form request line, `OPTIONS *`.
 */
export function rawRequest(port: number, lines: string[], timeoutMs = 15_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`no answer within ${timeoutMs} ms: ${lines[0]}`)), timeoutMs);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error) => (clearTimeout(timer), reject(error)));
    socket.on("close", () => {
      clearTimeout(timer);
      // Bytes as sent (latin1), so a header's non-ASCII byte survives the round trip.
      const text = Buffer.concat(chunks).toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const head = split === -1 ? text : text.slice(0, split);
      const body = split === -1 ? "" : text.slice(split + 4);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, body: /^transfer-encoding: chunked/im.test(head) ? unchunked(body) : body });
    });
    socket.write(Buffer.from(`${[...lines, "Connection: close"].join("\r\n")}\r\n\r\n`, "latin1"));
  });
}

/** A chunked body's data, its chunk sizes and trailers left out. */
function unchunked(body: string): string {
  let data = "";
  for (let at = 0; at < body.length;) {
    const lineEnd = body.indexOf("\r\n", at);
    const size = Number.parseInt(body.slice(at, lineEnd), 16);
    if (lineEnd === -1 || !size) break;
    data += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
  return data;
}
