// Types of start-scripts.js (see there).
import type { RouteManifest } from "./first-load.js";

/** A file of the client build: its name in `assets/`, its URL and its code. */
export type StartFile = { name: string; href: string; code: string };
export function startScript(manifest: RouteManifest, routeIds: string[]): StartFile;
export function startLoader(href: string): string;
export function routeChains(manifest: RouteManifest): string[][];
export function writeStartScripts(clientDir?: string): number;
export function startScriptBuilt(name: string, clientDir?: string): boolean;
