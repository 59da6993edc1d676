// Watch and follow (lib/words.ts re-exports it; the buttons and /settings import it from here).

/**
 * Watch and follow (issue 27, decision 035): the buttons, /settings, and the sentences of the alert and digest
 * emails. A change is said in plain words with its figures and terms (`lib/tool/change-words.ts`, the same sentences as the Change history and /changes).
 */
export const WATCH_WORDS = {
  watch: "Watch",
  watching: "Watching",
  follow: "Follow",
  following: "Following",
  stopWatching: "Stop watching",
  unfollow: "Unfollow",
  watchHint: "Get an email when its prices, plans or link change, or it gets a Verified review.",
  followHint: "Its new tools and price changes go into your weekly digest.",
  settingsTitle: "Watched tools and followed categories",
  noWatches: "You are not watching any tool. Use Watch on a tool's page to get an email when it changes.",
  noFollows: "You are not following any category. Use Follow on a category's page to put it in your weekly digest.",
  alertsSetting: "Email me when a tool I watch changes (at most 3 emails a day; several changes come in one email)",
  digestSetting: "Send me a weekly digest of new tools and price changes in the categories I follow",
  saveMailSettings: "Save email settings",
} as const;
