/**
 * Joins class names and lets later Tailwind classes override earlier ones, like tailwind-merge
 * (`cn("p-6", "p-0")` is `"p-0"`), in a few hundred bytes instead of tailwind-merge's 27 KB:
 * it knows the utility groups this site uses. `cn.test.ts` checks it against tailwind-merge for
 * every pair of class names in app/, so a class from a group it does not know fails there.
 */
export type ClassValue = string | number | bigint | boolean | null | undefined | ClassValue[] | { [name: string]: unknown };

function join(value: ClassValue, out: string[]) {
  if (!value) return;
  if (typeof value === "string" || typeof value === "number" || typeof value === "bigint") out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) join(item, out);
  else if (typeof value === "object") for (const name in value) if (value[name]) out.push(name);
}

const SIDES = ["t", "r", "b", "l", "s", "e", "x", "y"];
const SIZE = /^(xs|sm|base|lg|xl|\d+xl)$/;
const WEIGHT = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const CONTENT_ALIGN = /^(start|end|center|between|around|evenly|stretch|baseline|normal|center-safe|end-safe)$/;
const LENGTH = /^\[(\d|calc|var|length:)/;
/** Values of spacing and position utilities (so `my-reviews`, an id, is not taken for a margin). */
const SPACING = /^(\d+(\.\d+)?|px|auto|full|\d+\/\d+|\[.+\])$/;

/** Classes that are a whole group by themselves. */
const FIXED: Record<string, string> = {};
const fixed = (group: string, names: string) => names.split(" ").forEach((name) => (FIXED[name] = group));
fixed("display", "block inline-block inline flex inline-flex table inline-table flow-root grid inline-grid contents list-item hidden");
fixed("position", "static fixed absolute relative sticky");
fixed("visibility", "visible invisible collapse");
fixed("sr", "sr-only not-sr-only");
fixed("text-transform", "uppercase lowercase capitalize normal-case");
fixed("text-decoration", "underline overline line-through no-underline");
fixed("font-style", "italic not-italic");
fixed("fvn-spacing", "proportional-nums tabular-nums");
fixed("fvn-figure", "lining-nums oldstyle-nums");
fixed("text-overflow", "truncate text-ellipsis text-clip");
fixed("overflow-wrap", "wrap-break-word wrap-anywhere wrap-normal");
fixed("shrink", "shrink");
fixed("border-collapse", "border-collapse border-separate");
fixed("filter", "filter filter-none");
fixed("grow", "grow");
fixed("transition", "transition transition-all transition-colors transition-opacity transition-shadow transition-transform transition-none");
fixed("border-style", "border-solid border-dashed border-dotted border-double border-hidden border-none");
fixed("outline-style", "outline-solid outline-dashed outline-dotted outline-double outline-none outline-hidden");
fixed("flex-direction", "flex-row flex-row-reverse flex-col flex-col-reverse");
fixed("flex-wrap", "flex-wrap flex-wrap-reverse flex-nowrap");
fixed("object-fit", "object-contain object-cover object-fill object-none object-scale-down");
fixed("list-style-position", "list-inside list-outside");
fixed("backdrop-blur", "backdrop-blur");
fixed("shadow", "shadow");
fixed("rounded", "rounded");
fixed("border-w", "border");
fixed("outline-w", "outline");
fixed("ring-w", "ring");
fixed("snap-type", "snap-x snap-y snap-both snap-none");
fixed("snap-strictness", "snap-mandatory snap-proximity");
fixed("float", "float-left float-right float-start float-end float-none");
fixed("snap-align", "snap-start snap-end snap-center snap-align-none");
fixed("touch-y", "touch-pan-y touch-pan-up touch-pan-down");

/** Prefixes whose every value sets the same property, longest first. */
/** Padding and margin prefixes: groups of their own, and spaced (their values are spacing steps). */
const SPACING_PREFIXES = ["p", "px", "py", "ps", "pe", "pt", "pr", "pb", "pl", "m", "mx", "my", "ms", "me", "mt", "mr", "mb", "ml"];

const PREFIXES = [
  "underline-offset",
  "pointer-events",
  "grid-cols",
  "grid-rows",
  "col-span",
  "row-span",
  "col-start",
  "col-end",
  "row-start",
  "row-end",
  "line-clamp",
  "whitespace",
  "backdrop-blur",
  "justify-items",
  "justify-self",
  "place-content",
  "place-items",
  "place-self",
  "translate-x",
  "translate-y",
  "outline-offset",
  "ring-offset",
  "space-x",
  "space-y",
  "inset-x",
  "inset-y",
  "min-w",
  "max-w",
  "min-h",
  "max-h",
  "gap-x",
  "gap-y",
  "overflow-x",
  "overflow-y",
  "tracking",
  "leading",
  "opacity",
  "overflow",
  "cursor",
  "select",
  "appearance",
  "duration",
  "ease",
  "delay",
  "animate",
  "rotate",
  "scale",
  "shrink",
  "grow",
  "basis",
  "order",
  "items",
  "self",
  "aspect",
  "inset",
  "start",
  "end",
  "top",
  "right",
  "bottom",
  "left",
  "size",
  "gap",
  "from",
  "via",
  "to",
  "z",
  "w",
  "h",
  ...SPACING_PREFIXES,
].sort((a, b) => b.length - a.length);

const SPACED = new Set([...SPACING_PREFIXES, "inset", "inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left", "gap", "gap-x", "gap-y", "space-x", "space-y"]);

/** The group of a class without its variants, or undefined for classes outside Tailwind. */
function groupOf(name: string): string | undefined {
  const fixedGroup = FIXED[name];
  if (fixedGroup) return fixedGroup;
  const utility = name.startsWith("-") ? name.slice(1) : name;
  const dash = utility.indexOf("-");
  if (dash < 0) return undefined;
  const head = utility.slice(0, dash);
  const value = utility.slice(dash + 1);
  switch (head) {
    case "text":
      if (SIZE.test(value) || LENGTH.test(value)) return "font-size";
      if (/^(left|center|right|justify|start|end)$/.test(value)) return "text-align";
      if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return "text-wrap";
      return "text-color";
    case "font":
      if (/^(sans|serif|mono)$/.test(value)) return "font-family";
      return WEIGHT.test(value) || /^\[?\d/.test(value) ? "font-weight" : undefined;
    case "bg":
      // tailwind-merge takes Tailwind 3's bg-gradient-to-* for a colour too.
      return /^(linear-|radial|conic|none$)/.test(value) ? "bg-image" : "bg-color";
    case "border": {
      const side = value.split("-")[0]!;
      const rest = SIDES.includes(side) ? value.slice(side.length + 1) : value;
      const sideGroup = SIDES.includes(side) ? `-${side}` : "";
      if (rest === "" || /^\d+$/.test(rest) || LENGTH.test(rest)) return `border-w${sideGroup}`;
      return `border-color${sideGroup}`;
    }
    case "rounded": {
      const side = value.split("-")[0]!;
      return /^(t|r|b|l|s|e|tl|tr|br|bl|ss|se|ee|es)$/.test(side) ? `rounded-${side}` : "rounded";
    }
    case "shadow":
      return /^(2xs|xs|sm|md|lg|xl|2xl|none|inner)$/.test(value) ? "shadow" : "shadow-color";
    case "outline":
      if (/^\d+$/.test(value)) return "outline-w";
      return value.startsWith("offset-") ? "outline-offset" : "outline-color";
    case "ring":
      if (/^\d+$/.test(value)) return "ring-w";
      if (value === "inset") return "ring-inset";
      if (value.startsWith("offset-")) return /^offset-\d+$/.test(value) ? "ring-offset-w" : "ring-offset-color";
      return "ring-color";
    case "flex":
      return "flex";
    case "justify":
      if (CONTENT_ALIGN.test(value)) return "justify-content";
      break;
    case "divide":
      return /^[xy](-\d+)?$/.test(value) ? `divide-${value[0]}` : "divide-color";
    case "content":
      // content-none and content-[…] only: `content-creation` is a word, not a utility.
      if (CONTENT_ALIGN.test(value)) return "align-content";
      return value === "none" || value.startsWith("[") ? "content" : undefined;
    case "fill":
      return "fill";
    case "stroke":
      return /^\d+$/.test(value) ? "stroke-w" : "stroke";
    case "object":
      return "object-position";
    case "list":
      return "list-style-type";
    case "decoration":
      return /^(\d+|auto|from-font)$/.test(value) ? "decoration-thickness" : "decoration-color";
    case "break":
      if (/^(inside|before|after)-/.test(value)) return `break-${value.split("-")[0]}`;
      return /^(normal|words|all|keep)$/.test(value) ? "break" : undefined;
    case "columns":
      return "columns";
    case "align":
      return /^(baseline|top|middle|bottom|text-top|text-bottom|sub|super|\[.+\])$/.test(value) ? "vertical-align" : undefined;
    case "scroll":
      // Scroll margins (scroll-mt-20), each side a group like mt-*.
      return /^m[trblsexy]?-/.test(value) ? `scroll-${value.split("-")[0]}` : undefined;
  }
  const prefix = PREFIXES.find((candidate) => utility.startsWith(`${candidate}-`));
  if (prefix && SPACED.has(prefix) && !SPACING.test(utility.slice(prefix.length + 1))) return undefined;
  return prefix;
}

/** Groups a later class overrides besides its own (a shorthand and its parts). */
const OVERRIDES: Record<string, string[]> = {
  p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml"],
  my: ["mt", "mb"],
  size: ["w", "h"],
  gap: ["gap-x", "gap-y"],
  overflow: ["overflow-x", "overflow-y"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  rounded: [
    "rounded-t",
    "rounded-r",
    "rounded-b",
    "rounded-l",
    "rounded-s",
    "rounded-e",
    "rounded-tl",
    "rounded-tr",
    "rounded-br",
    "rounded-bl",
    "rounded-ss",
    "rounded-se",
    "rounded-ee",
    "rounded-es",
  ],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "rounded-s": ["rounded-ss", "rounded-es"],
  "rounded-e": ["rounded-se", "rounded-ee"],
  "border-w": SIDES.map((side) => `border-w-${side}`),
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": SIDES.map((side) => `border-color-${side}`),
  "border-color-x": ["border-color-r", "border-color-l"],
  "border-color-y": ["border-color-t", "border-color-b"],
  "font-size": ["leading"],
  flex: ["basis", "grow", "shrink"],
  "line-clamp": ["display", "overflow"],
};

/** Splits `md:hover:p-4` into its variants and `p-4`, ignoring colons inside [brackets]. */
function parse(className: string) {
  let depth = 0;
  let start = 0;
  const variants: string[] = [];
  for (let index = 0; index < className.length; index++) {
    const char = className[index];
    if (char === "[") depth++;
    else if (char === "]") depth--;
    else if (char === ":" && depth === 0) {
      variants.push(className.slice(start, index));
      start = index + 1;
    }
  }
  let base = className.slice(start);
  const important = base.startsWith("!") || base.endsWith("!");
  base = base.replace(/^!|!$/g, "");
  const slash = base.startsWith("[") ? -1 : base.lastIndexOf("/");
  const group = groupOf(base) ?? (slash > 0 ? groupOf(base.slice(0, slash)) : undefined);
  // Arbitrary variants ([&_svg]) keep their order; named ones do not matter (hover:focus: is focus:hover:).
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith("[")) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  sorted.push(...run.sort());
  return { group, prefix: `${sorted.join(":")}${important ? "!" : ""}:` };
}

/** Merged strings by input: components pass the same few hundred combinations on every render. */
const merged = new Map<string, string>();
const MERGED_MAX = 2000;

export function cn(...inputs: ClassValue[]) {
  const names: string[] = [];
  join(inputs, names);
  const key = names.join(" ");
  let result = merged.get(key);
  if (result === undefined) {
    result = merge(key);
    if (merged.size >= MERGED_MAX) merged.clear();
    merged.set(key, result);
  }
  return result;
}

function merge(joined: string) {
  const classes = joined.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index]!;
    const { group, prefix } = parse(className);
    if (!group) {
      kept.push(className);
      continue;
    }
    if (taken.has(prefix + group)) continue;
    taken.add(prefix + group);
    for (const other of OVERRIDES[group] ?? []) taken.add(prefix + other);
    kept.push(className);
  }
  return kept.reverse().join(" ");
}
