import { lazy, Suspense, useEffect, useRef, type ComponentType } from "react";
import { useHydrated } from "./form-parts";

/** The sections whose code is still on its way. */
const loading = new Set<Promise<unknown>>();

/**
 * Resolves when every such section's code has arrived; null when it has. The server waits for it before it renders
 * (entry.server.tsx, server/page-parts/render-parts.tsx): a section still loading would be sent as a Suspense fallback
 * completed by a script, which a reader without JavaScript would never see, and a kept page would keep.
 */
export function laterSectionsLoaded(): Promise<unknown> | null {
  return loading.size ? Promise.all(loading) : null;
}

/**
 * How near the screen a section's start must be for its code to load: within a screen below it (a screen of scrolling
 * ahead of the reader), or half a screen above it (a reader who jumped past it, whose screen its start is just above).
 */
const NEAR = "50% 0px 100% 0px";

/**
 * A section below the fold whose code is not part of a page's first load (issue 30), and is fetched only when the
 * section comes near the screen (issue 43: not while the page is still starting, where it made long tasks, nor at all
 * for a reader who never scrolls to it). The server renders it in full (it loads every section's code at once and
 * waits for it before rendering, `laterSectionsLoaded`), and until the code arrives in the browser React leaves the
 * server's HTML as it is (a Suspense boundary whose lazy component is loading stays dehydrated): plain forms and links,
 * which work without JavaScript anyway. An empty element before the boundary is what the browser watches
 * (`data-later-anchor`). On a client navigation, which renders the page anew, the code is fetched at once and the
 * section appears when it arrives.
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let near!: () => void;
  const nearScreen = new Promise<void>((resolve) => (near = resolve));
  const { Lazy, requested } = laterCode(load, nearScreen);
  // Inside the boundary: it hydrates with the section, and its mark says when (browser tests wait for every mark).
  function Marked(props: P) {
    const hydrated = useHydrated();
    return (
      <>
        <span hidden data-hydrate-later="" data-hydrated={hydrated ? "" : undefined} />
        <Lazy {...props} />
      </>
    );
  }
  return function HydrateLater(props: P) {
    const anchor = useRef<HTMLSpanElement>(null);
    useEffect(() => {
      if (requested()) return;
      // The root marks the document once it has hydrated (root.tsx), after its children's effects: marked already,
      // this is a client navigation's render, which has no server HTML to keep.
      if (document.documentElement.dataset.hydrated === "true" || typeof IntersectionObserver === "undefined") return near();
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          near();
        },
        { rootMargin: NEAR },
      );
      observer.observe(anchor.current!);
      return () => observer.disconnect();
    }, []);
    return (
      <>
        <span ref={anchor} className="block" data-later-anchor="" />
        <Suspense fallback={null}>
          <Marked {...props} />
        </Suspense>
      </>
    );
  };
}

/**
 * A section that a document never renders in the browser, whose code is not part of a page's first load: one kept
 * as the server sent it (an in-page section, `InPageSection`, decision 069), which only a client navigation renders.
 * The server has its code before it renders (as `hydrateLater`'s); the browser fetches it when a navigation renders
 * the section, which appears when it arrives. No anchor and no mark: nothing in a document waits for it.
 */
export function renderedOnNavigation<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const { Lazy } = laterCode(load, Promise.resolve());
  return function RenderedOnNavigation(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/**
 * A section's code, loaded at once on the server (which waits for it, `laterSectionsLoaded`) and in the browser once
 * `wanted` resolves; `requested` says whether it has been asked for. Once loaded, `Lazy` answers at once: React
 * renders the component in the same pass instead of suspending (the server's every render, and the browser's after
 * the code arrived).
 */
function laterCode<P extends object>(load: () => Promise<ComponentType<P>>, wanted: Promise<void>) {
  let loaded: ComponentType<P> | undefined;
  let request: Promise<unknown> | undefined;
  const start = () =>
    (request ??= (() => {
      const arriving: Promise<unknown> = load().then((component) => {
        loaded = component;
        loading.delete(arriving);
      });
      loading.add(arriving);
      return arriving;
    })());
  if (typeof document === "undefined") start();
  const Lazy = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: loaded! }) } as unknown as Promise<{ default: ComponentType<P> }>)
      : (request ?? wanted.then(start)).then(() => ({ default: loaded! })),
  );
  return { Lazy, requested: () => Boolean(loaded || request) };
}
