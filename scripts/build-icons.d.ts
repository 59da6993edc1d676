// Types of build-icons.js (see there).
export const SPRITE_PATH: string;
export function buildSprite(): Promise<string>;
