import { findSmallTargets } from "~/lib/ui/target-size";
import { VERIFICATION_LIMITS as LIMITS, VERIFICATION_MESSAGES as SAY, type CheckResult } from "~/lib/vitals/verification";

/**
 * The browser's half of /verification (spec part 2 §5): what only a browser can see. The layout checks
 * measure the home page in a 768 px frame (its `?mode=minimal` variant, the one page kind we allow in a
 * frame of our own), so they judge the page visitors land on, at the spec's mobile width.
 */

const card = (id: string, name: string): CheckResult => ({ id, name, issues: [], warnings: [], info: [] });

export function browserSupport(userAgent = navigator.userAgent): CheckResult {
  const result = card("browser", "Browser support");
  if (/MSIE |Trident\//.test(userAgent)) result.issues.push(SAY.internetExplorer);
  const safari = /Version\/(\d+)[.\d]* .*Safari\//.exec(userAgent);
  if (safari && !/Chrome|Chromium|Edg\//.test(userAgent) && Number(safari[1]) < 14) result.warnings.push(SAY.oldSafari(Number(safari[1])));
  const features: [string, boolean][] = [
    ["Fetch", typeof fetch === "function"],
    ["IntersectionObserver", typeof IntersectionObserver === "function"],
    ["PerformanceObserver", typeof PerformanceObserver === "function"],
    ["sendBeacon", typeof navigator.sendBeacon === "function"],
    ["CSS grid", typeof CSS !== "undefined" && CSS.supports("display", "grid")],
    ["Local storage", typeof localStorage !== "undefined"],
  ];
  for (const [feature, supported] of features) if (!supported) result.warnings.push(SAY.featureNotSupported(feature));
  result.info.push(`${features.filter(([, supported]) => supported).length} of ${features.length} features supported`);
  return result;
}

type Frame = { document: Document; window: Window };

/** Loads `/?mode=minimal` in an off-screen frame `width` pixels wide and hands over its document. */
export function loadFrame(width: number, path = "/?mode=minimal", timeoutMs = 15_000): Promise<Frame & { remove: () => void }> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement("iframe");
    frame.title = `Home page at ${width} px (verification)`;
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    Object.assign(frame.style, { position: "absolute", left: "-10000px", top: "0", width: `${width}px`, height: "1024px", border: "0" });
    const remove = () => frame.remove();
    const timer = setTimeout(() => {
      remove();
      reject(new Error("timeout"));
    }, timeoutMs);
    frame.addEventListener("load", () => {
      clearTimeout(timer);
      const doc = frame.contentDocument;
      if (!doc || !frame.contentWindow) {
        remove();
        reject(new Error("unreadable"));
        return;
      }
      resolve({ document: doc, window: frame.contentWindow, remove });
    });
    frame.src = path;
    document.body.append(frame);
  });
}

export function viewportMeta(pages: { name: string; document: Document }[]): CheckResult {
  const result = card("viewport", "Viewport meta tag");
  for (const page of pages) {
    const content = page.document.querySelector('meta[name="viewport"]')?.getAttribute("content");
    if (!content) result.issues.push(`${SAY.missingViewport} (${page.name})`);
    else result.info.push(`${page.name}: ${content}`);
  }
  return result;
}

/** The site's target-size rule (lib/ui/target-size.ts): 24 px with WCAG 2.5.8's exceptions, 44 px for primary buttons and the bottom bar. */
export function touchTargets(frame: Frame): CheckResult {
  const result = card("touch", "Touch targets (WCAG 2.5.8)");
  const { measured, small } = findSmallTargets(frame.document);
  if (small.length) result.warnings.push(SAY.touchTargets(small.length));
  result.info.push(
    `${measured} targets measured on the home page at ${LIMITS.mobileWidthPx}px`,
    ...small.slice(0, 5).map(({ target, width, height, minimum }) => `${target} ${Math.round(width)}x${Math.round(height)} (needs ${minimum}x${minimum})`),
  );
  return result;
}

export function horizontalScroll(frame: Frame, width: number): CheckResult {
  const result = card("scroll", `Mobile layout (${width} px)`);
  const root = frame.document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) result.warnings.push(`${SAY.horizontalScroll(width)}: content is ${root.scrollWidth}px wide`);
  else result.info.push(`No horizontal scroll on the home page at ${width}px`);
  return result;
}

type ResourceEntry = PerformanceResourceTiming & { responseStatus?: number };

/** Resource Timing of this page and of the framed home page: slow (over 3 s) and failed files. */
export function resources(windows: { name: string; window: Window }[]): CheckResult {
  const result = card("resources", "Resources");
  let total = 0;
  for (const { name, window: view } of windows) {
    const entries = view.performance.getEntriesByType("resource") as ResourceEntry[];
    total += entries.length;
    for (const entry of entries) {
      const file = entry.name.replace(location.origin, "");
      if (entry.duration > LIMITS.slowResourceMs) result.warnings.push(`${SAY.slowResource}: ${file} (${Math.round(entry.duration)} ms, ${name})`);
      if (entry.responseStatus && entry.responseStatus >= 400) result.issues.push(`${SAY.failedResource}: ${file} (${entry.responseStatus}, ${name})`);
    }
    // Images that could not be decoded or fetched (Resource Timing has no status in some browsers).
    for (const image of view.document.images) {
      if (image.complete && image.naturalWidth === 0 && image.getAttribute("src")) result.issues.push(`${SAY.resourceFailed("img")} ${image.getAttribute("src")} (${name})`);
    }
  }
  result.info.push(`${total} resources timed`);
  return result;
}

/** Every browser check; the frame checks report one issue each when the frame cannot be loaded. */
export async function runBrowserChecks(): Promise<CheckResult[]> {
  const width = LIMITS.mobileWidthPx;
  const support = browserSupport();
  try {
    const frame = await loadFrame(width);
    try {
      return [
        support,
        viewportMeta([
          { name: "this page", document },
          { name: "home page", document: frame.document },
        ]),
        touchTargets(frame),
        horizontalScroll(frame, width),
        resources([
          { name: "this page", window },
          { name: "home page", window: frame.window },
        ]),
      ];
    } finally {
      frame.remove();
    }
  } catch {
    const failed = card("layout", `Home page at ${width} px`);
    failed.issues.push(SAY.criticalAssetError("/?mode=minimal"));
    return [support, viewportMeta([{ name: "this page", document }]), failed, resources([{ name: "this page", window }])];
  }
}
