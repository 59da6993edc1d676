/** Inserts `count` synthetic tools through the app's own connection (see generate-catalogue.js). */
export function generateCatalogue(app: { query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]> }, count: number): Promise<void>;
