import { z } from "zod";
import { SCREENSHOT_ALT_MAX, SCREENSHOT_CAPTION_MAX, SCREENSHOT_MOVES, SCREENSHOT_PROVIDERS } from "~/lib/tool/screenshots";
import { formFiles, idField } from "~/utils/input.server";
import { defineWrite } from "~/utils/write.server";
import { addScreenshot, deleteScreenshot, describeScreenshot, moveScreenshot } from "./screenshots.server";

/**
 * /admin/screenshots/<slug> (issue 29, decision 048): editors add, describe, reorder and delete a tool's screenshots.
 * Only the tool's page shows them (its gallery and its JSON-LD `image`), so each write makes `tool:<slug>` stale
 * and the page shows the change at once.
 */
const slug = z.string().min(1, "screenshotToolUnknown").max(200, "screenshotToolUnknown");
const alt = z.string().trim().min(1, "screenshotAltRequired").max(SCREENSHOT_ALT_MAX, "screenshotAltTooLong");
const caption = z.string().trim().max(SCREENSHOT_CAPTION_MAX, "screenshotCaptionTooLong").optional();
/** The one chosen file (a browser sends an empty part when none was chosen: `formFiles` drops it). */
const file = formFiles.pipe(z.array(z.instanceof(File)).length(1, "screenshotFileRequired")).transform((files) => files[0]!);

/** Who made the image (decision 063): the tool page says 'Added … by our editors' or '… by the maker'. */
const providedBy = z.enum(SCREENSHOT_PROVIDERS, "screenshotProviderInvalid").default("editors");

const staleAfter = ({ slug }: { slug: string }) => [`tool:${slug}`];

export const addScreenshotWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ slug, alt, caption, providedBy, file }),
  invalidMessage: "screenshotInvalid",
  run: (input, { viewer }) => addScreenshot(input, viewer),
  invalidates: staleAfter,
  success: "screenshotAdded",
  status: () => 201,
});

export const describeScreenshotWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ slug, id: idField, alt, caption }),
  invalidMessage: "screenshotInvalid",
  run: (input, { viewer }) => describeScreenshot(input, viewer),
  invalidates: staleAfter,
  success: "screenshotDescribed",
});

export const moveScreenshotWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ slug, id: idField, move: z.enum(SCREENSHOT_MOVES) }),
  invalidMessage: "screenshotNotFound",
  run: (input, { viewer }) => moveScreenshot(input, viewer),
  invalidates: staleAfter,
  success: "screenshotMoved",
});

export const deleteScreenshotWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ slug, id: idField }),
  invalidMessage: "screenshotNotFound",
  run: (input, { viewer }) => deleteScreenshot(input, viewer),
  invalidates: staleAfter,
  success: "screenshotDeleted",
});
