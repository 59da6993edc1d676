import { describe, expect, it } from "vitest";
import { fetchFailure, formatFileSize, shownErrors } from "./sitemap-check";

describe("sitemap file entries", () => {
  it("sizes in Bytes, KB, MB and GB with 2 decimals", () => {
    expect(formatFileSize(0)).toBe("0 Bytes");
    expect(formatFileSize(512)).toBe("512 Bytes");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(1234567)).toBe("1.18 MB");
    expect(formatFileSize(5 * 1024 ** 3)).toBe("5 GB");
  });

  it("shows the first two errors, then '...'", () => {
    expect(shownErrors(["a"])).toEqual(["a"]);
    expect(shownErrors(["a", "b"])).toEqual(["a", "b"]);
    expect(shownErrors(["a", "b", "c"])).toEqual(["a", "b", "..."]);
  });

  it("words a failed fetch as spec part 2 §7 does", () => {
    expect(fetchFailure(new Response("", { status: 404, statusText: "Not Found" }))).toBe("Failed to fetch sitemap: 404 Not Found");
  });
});
