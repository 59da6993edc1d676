import { describe, expect, it } from "vitest";
import { bodyBytes } from "./body-bytes.server";

describe("bodyBytes", () => {
  it("is a view of the Buffer's own bytes, and the Response made of it keeps its copy when the Buffer changes", async () => {
    // A small Buffer is a slice of Node's shared pool: the view must cover its bytes only.
    const buffer = Buffer.from("<p>Café</p>");
    const bytes = bodyBytes(buffer);
    expect(bytes.buffer).toBe(buffer.buffer);
    expect(bytes.byteOffset).toBe(buffer.byteOffset);
    const response = new Response(bytes);
    buffer.fill(0);
    expect(await response.text()).toBe("<p>Café</p>");
  });
});
