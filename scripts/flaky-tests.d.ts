import type { FlakyTest } from "../tests/support/timings-reporter";

export function flakyTestLines(tests: FlakyTest[]): string[];
