/**
 * Every icon the site shows, by its Lucide name. `scripts/build-icons.js` turns this list into the
 * sprite `icons.svg` beside this file (run `node scripts/build-icons.js` after changing it; a unit test
 * fails while the sprite is out of date), and `<Icon name>` only accepts these names.
 */
export const ICON_NAMES = [
  "arrow-left",
  "arrow-right",
  "award",
  "badge-check",
  "book-open",
  "calendar-check",
  "chart-column",
  "check",
  "chevron-down",
  "chevron-right",
  "circle-check",
  "circle-x",
  "command",
  "download",
  "ellipsis",
  "external-link",
  "eye",
  "eye-off",
  "file-spreadsheet",
  "file-text",
  "flag",
  "heart",
  "house",
  "image-plus",
  "info",
  "key-round",
  "layers",
  "link-2",
  "loader-circle",
  "log-in",
  "log-out",
  "mail",
  "menu",
  "message-circle",
  "message-square",
  "message-square-plus",
  "monitor",
  "monitor-smartphone",
  "moon",
  "pen-line",
  "pencil",
  "plus",
  "printer",
  "quote",
  "refresh-cw",
  "scale",
  "search",
  "search-x",
  "settings",
  "share-2",
  "shield-check",
  "sliders-horizontal",
  "sparkles",
  "star",
  "sun",
  "target",
  "thumbs-down",
  "thumbs-up",
  "trash",
  "triangle-exclamation-point",
  "user",
  "wallet",
  "wrench",
  "x",
] as const;

/**
 * Five Lucide stars in a row, `size` px each and `gap` px apart at the default root font size (the
 * sizes of Tailwind's size-4/size-5 and gap-1): StarRating draws a rating with two of these (outline,
 * and filled clipped to the rating) instead of ten separate icons.
 */
export const STAR_ROWS = {
  "stars-sm": { size: 16, gap: 4 },
  "stars-lg": { size: 20, gap: 4 },
} as const;

export type IconName = (typeof ICON_NAMES)[number] | keyof typeof STAR_ROWS;
