import { z } from "zod";
import { PAGE_TYPES, VITAL_MAX, VITAL_METRICS } from "~/lib/vitals/web-vitals";
import { defineWrite } from "~/utils/write.server";
import { recordVitals } from "./queries.server";

const measurement = z
  .object({ name: z.enum(VITAL_METRICS), value: z.number().finite().min(0) })
  .refine(({ name, value }) => value <= VITAL_MAX[name], { message: "vitalOutOfRange", path: ["value"] });

/**
 * One page view's web vitals, beaconed by the browser when the page is hidden (components/vitals). Anonymous:
 * the client address only counts toward the rate limit and is not stored.
 */
export const vitalsWrite = defineWrite({
  auth: "anyone",
  limit: "vitals",
  input: z.object({
    pageType: z.enum(PAGE_TYPES),
    // One of each metric at most: a page view has one LCP, one CLS...
    metrics: z
      .array(measurement)
      .min(1)
      .max(VITAL_METRICS.length)
      .refine((metrics) => new Set(metrics.map((metric) => metric.name)).size === metrics.length, { message: "vitalRepeated" }),
  }),
  invalidMessage: "vitalsRefused",
  run: ({ pageType, metrics }) => recordVitals(metrics.map(({ name, value }) => ({ metric: name, value, pageType }))),
  // Read on /verification only, whose page is kept at most a minute.
  invalidates: () => [],
  success: "vitalsRecorded",
  status: () => 201,
});
