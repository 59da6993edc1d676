// Types of build-logos.js (see there).
export const MAP_PATH: string;
export const MARKS_PATH: string;
export function buildMarks(): Promise<string>;
