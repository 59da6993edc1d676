/**
 * Hosts an article image may come from (spec part 2 §2.4). The Markdown sanitiser removes images from anywhere
 * else and the Content-Security-Policy's img-src allows exactly these, so an image the sanitiser keeps also loads.
 */
export const ALLOWED_IMAGE_HOSTS = ["images.unsplash.com", "cdn.jsdelivr.net", "i.imgur.com"] as const;
