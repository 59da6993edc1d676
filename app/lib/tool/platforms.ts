/** Where a tool runs or plugs in (content/tools `platforms`), with the names a page shows. */
export const PLATFORM_LABELS = {
  web: "Web",
  windows: "Windows",
  macos: "macOS",
  linux: "Linux",
  ios: "iOS",
  android: "Android",
  "chrome-extension": "Chrome extension",
  api: "API",
  slack: "Slack",
  vscode: "VS Code",
  jetbrains: "JetBrains IDEs",
  "figma-plugin": "Figma plugin",
  "wordpress-plugin": "WordPress plugin",
} as const;

export type Platform = keyof typeof PLATFORM_LABELS;
export const PLATFORMS = Object.keys(PLATFORM_LABELS) as [Platform, ...Platform[]];

export const platformLabel = (platform: string) => PLATFORM_LABELS[platform as Platform] ?? platform;
