import { lazy, Suspense, type ComponentType } from "react";
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
 * A section below the fold whose code is not part of a page's first load (issue 30): `load` starts as soon as the
 * page's own code runs, and the section hydrates when it arrives. The server renders it in full (it waits for the
 * code before rendering, `laterSectionsLoaded`), and until the code arrives in the browser React leaves the
 * server's HTML as it is (a Suspense boundary whose lazy component is loading stays dehydrated): plain forms and links,
 * which work without JavaScript anyway. On a client navigation before the code has arrived, the section appears when
 * it does.
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const request: Promise<unknown> = load().then((component) => {
    loaded = component;
    loading.delete(request);
  });
  loading.add(request);
  // Once loaded, a thenable that answers at once: React renders the component in the same pass instead of suspending
  // (the server's every render, and the browser's after the code arrived).
  const Lazy = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: loaded! }) } as unknown as Promise<{ default: ComponentType<P> }>)
      : request.then(() => ({ default: loaded! })),
  );
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
    return (
      <Suspense fallback={null}>
        <Marked {...props} />
      </Suspense>
    );
  };
}
