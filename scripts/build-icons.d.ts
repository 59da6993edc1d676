// Types of build-icons.js (see there).
export const SPRITE_PATH: string;
export function buildSprite(): Promise<string>;
export const STARS_DIR: string;
export function buildStarRows(): Promise<Map<string, string>>;
