import { JsonLd } from "~/components/json-ld";
import { faqJsonLd, FaqSection } from "~/components/faq-section";
import { RelatedPages, type RelatedPage } from "~/components/related-pages";
import type { FaqItem } from "~/models/content/page-copy.server";
import { mapInPage, type InPage } from "~/lib/ui/page-text";

const RELATED: RelatedPage[] = [
  { href: "/tools/comparison", title: "Compare AI tools", description: "Put up to four tools side by side." },
  { href: "/tools/seo-comparison", title: "SEO tools compared", description: "Surfer SEO, Clearscope, Frase and Scalenut." },
  { href: "/tools/category/ai-assistant", title: "AI assistants", description: "ChatGPT, Claude, Gemini and more." },
  { href: "/tools/category/image-generation", title: "Image generators", description: "Midjourney, Firefly, Ideogram and others." },
  { href: "/tools/category/code-assistant", title: "Coding assistants", description: "Copilot, Cursor and friends." },
  { href: "/tools/category/content-writing", title: "Content writing", description: "Long-form and marketing writers." },
  { href: "/tools/category/video-generation", title: "Video generation", description: "Text-to-video and avatar tools." },
  { href: "/tools/category/productivity", title: "Productivity", description: "Notes, meetings and automation." },
];

/**
 * What /tools shows below its tools: the related pages and the FAQ, far below the fold, and the FAQ's structured data,
 * which no reader sees. The page loads this module after its own code and hydrates it when it arrives (decision 056,
 * routes/tools.tsx); the server renders it in full, so crawlers and readers without JavaScript get all of it, and the
 * links and the FAQ's <details> work before it hydrates. The same for every address of /tools: the tools listed as
 * structured data are the tools part's (decision 074).
 */
export default function DirectoryMore({ faqs }: { faqs: InPage<FaqItem[]> }) {
  return (
    <>
      <JsonLd data={mapInPage(faqs, faqJsonLd)} />
      <RelatedPages pages={RELATED} max={8} />
      <FaqSection items={faqs} />
    </>
  );
}
