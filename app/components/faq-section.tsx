import type { FaqItem } from "~/models/content/page-copy.server";
import { Icon } from "~/components/ui/icon";
import { InPageSection } from "~/components/ui/in-page-text";
import type { InPage } from "~/lib/ui/page-text";

/** An accordion that needs no JavaScript: native <details> elements. */
/** The questions may be an in-page value (lib/ui/page-text.ts): plain text in `<details>`, kept as the server sent it. */
export function FaqSection({ items, title = "Frequently asked questions", id = "faq" }: { items: InPage<FaqItem[]>; title?: string; id?: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-14">
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        {title}
      </h2>
      <InPageSection value={items} className="mt-4 divide-y rounded-xl border">
        {(list) =>
          list.map((item) => (
            <details key={item.question} className="group p-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium">
                {item.question}
                <Icon name="chevron-down" className="size-4 shrink-0 transition-transform group-open:rotate-180" />
              </summary>
              <p className="mt-3 text-muted-foreground">{item.answer}</p>
            </details>
          ))
        }
      </InPageSection>
    </section>
  );
}

export function faqJsonLd(items: FaqItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({ "@type": "Question", name: item.question, acceptedAnswer: { "@type": "Answer", text: item.answer } })),
  };
}
