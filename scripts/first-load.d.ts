// Types of first-load.js (see there).
export type RouteManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }>;
  /** The full manifest's file and the build's version, which React Router's lazy route discovery sends. */
  url?: string;
  version?: string;
};
export type Sizes = { files: number; raw: number; gzip: number; brotli: number };

export function readManifest(clientDir?: string): RouteManifest;
export function routeIdsFor(manifest: RouteManifest, pathname: string): string[];
export function firstLoadFiles(manifest: RouteManifest, routeIds: string[]): string[];
export function measure(clientDir: string, files: string[]): Sizes;
export function firstLoad(pathname: string, clientDir?: string): Sizes & { routeIds: string[]; fileList: string[] };
export function kb(bytes: number): number;
