import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { hydrateLater, laterSectionsLoaded } from "./hydrate-later";

describe("hydrateLater", () => {
  it("renders nothing while the section's code is on its way, then renders it in the same pass once it has arrived", async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const Section = hydrateLater(() =>
      arrived.then(
        () =>
          ({ name }: { name: string }) =>
            createElement("section", null, `Hello ${name}`),
      ),
    );
    // The server never renders before the code is there (entry.server.tsx waits): this is what it would send, a
    // boundary left to the browser.
    const early = renderToString(createElement(Section, { name: "early" }));
    expect(early).toMatch(/^<span class="block" data-later-anchor=""><\/span><!--\$!-->/);
    expect(early).not.toContain("Hello");
    const waiting = laterSectionsLoaded();
    expect(waiting).not.toBeNull();
    arrive();
    await waiting;
    expect(laterSectionsLoaded()).toBeNull();
    // A Suspense boundary completed in place, as the browser finds it to hydrate later.
    expect(renderToString(createElement(Section, { name: "reader" }))).toBe(
      '<span class="block" data-later-anchor=""></span><!--$--><span hidden="" data-hydrate-later=""></span><section>Hello reader</section><!--/$-->',
    );
  });
});
