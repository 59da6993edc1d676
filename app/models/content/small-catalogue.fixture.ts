import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { appRoot } from "~/utils/paths.server";

/** A file of the real content, parsed. */
export const realContent = (file: string) => JSON.parse(readFileSync(path.join(appRoot(), "content", file), "utf8"));

/** The five tools of the small catalogue. */
export const SMALL_CATALOGUE_SLUGS = Array.from({ length: 5 }, (_, i) => `tool-${i + 1}`);

/**
 * For the content validator's tests: a content folder of its own (in the temp folder, the caller removes it) with one
 * category, its five tools made from the real ChatGPT file and one review, of tool-1, made from ChatGPT's: the
 * smallest catalogue the validator accepts, for a test to break one rule in.
 */
export function smallCatalogue(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  mkdirSync(path.join(dir, "tools"));
  mkdirSync(path.join(dir, "reviews"));
  const write = (name: string, value: unknown) => writeFileSync(path.join(dir, name), JSON.stringify(value));
  const chatgpt = realContent("tools/chatgpt.json");
  write("categories.json", [realContent("categories.json").find((c: { slug: string }) => c.slug === chatgpt.categoryId)]);
  copyFileSync(path.join(appRoot(), "content", "authors.json"), path.join(dir, "authors.json"));
  SMALL_CATALOGUE_SLUGS.forEach((slug, i) =>
    write(`tools/${slug}.json`, {
      ...chatgpt,
      id: i + 1,
      slug,
      name: `Tool ${i + 1}`,
      websiteUrl: `https://tool-${i + 1}.example.com`,
      pricingUrl: `https://tool-${i + 1}.example.com/pricing`,
      platformsSource: { url: `https://tool-${i + 1}.example.com/download`, enteredAt: chatgpt.platformsSource.enteredAt },
      alternatives: [],
    }),
  );
  const { vendorDomains: _openai, ...review } = realContent("reviews/chatgpt.json");
  write("reviews/tool-1.json", { ...review, toolSlug: "tool-1", sources: [{ title: "Tool 1 pricing", url: "https://tool-1.example.com/pricing" }] });
  return dir;
}
