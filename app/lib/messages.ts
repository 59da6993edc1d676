/**
 * Everything the site says about the outcome of an action, in one place
 * (spec part 1 §8 where it has words, ours where it is silent). Models and
 * guards speak in codes and message keys; the write path (utils/write.server.ts)
 * turns them into these toasts, which the browser shows and pages without
 * JavaScript print inline.
 */
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from "./account/password-policy";
import { LOGO_UPLOAD } from "./tool/logo-upload";
import { MAX_TOOL_SCREENSHOTS, SCREENSHOT_ALT_MAX, SCREENSHOT_CAPTION_MAX, SCREENSHOT_MIN } from "./tool/screenshots";
import { countOf } from "./ui/plural";

export type Toast = { title: string; description?: string; variant?: "destructive" };

export const MESSAGES = {
  // Accounts (spec part 1 §4, §5, §8).
  accountExists: { title: "Account exists", description: "This email is already registered. Please sign in instead.", variant: "destructive" },
  signUpFailed: { title: "Sign up failed", description: "An unexpected error occurred", variant: "destructive" },
  signUpFailedFields: { title: "Sign up failed", description: "Please check the highlighted fields.", variant: "destructive" },
  accountCreated: { title: "Account created!", description: "Please check your email to confirm your account." },
  passwordMismatch: { title: "Password mismatch", description: "Passwords do not match. Please try again.", variant: "destructive" },
  signInFailed: { title: "Sign in failed", description: "Invalid email or password. Please try again.", variant: "destructive" },
  signInFields: { title: "Sign in failed", description: "Please enter your email and password.", variant: "destructive" },
  signInError: { title: "Sign in failed", description: "Something went wrong on our side. Please try again in a moment.", variant: "destructive" },
  welcomeBack: { title: "Welcome back!", description: "You have successfully signed in." },
  emailNotVerified: {
    title: "Please confirm your email",
    description: "Your email address is not confirmed yet. We have sent you a new confirmation link.",
    variant: "destructive",
  },
  emailNotVerifiedRecentlySent: {
    title: "Please confirm your email",
    description: "Your email address is not confirmed yet. Use the link we just sent you (you can ask for another in a minute).",
    variant: "destructive",
  },
  passwordReset: { title: "Password Reset", description: "Please check your email for password reset instructions." },
  resetLinkInvalid: { title: "Link expired", description: "This password reset link is invalid or has expired. Please ask for a new one.", variant: "destructive" },
  passwordChangedSignIn: { title: "Password changed", description: "Your new password is set. Please sign in with it." },
  emailConfirmed: { title: "Email confirmed", description: "Your email is confirmed and you are signed in." },
  verifyLinkInvalid: { title: "Link expired", description: "This confirmation link is invalid or has expired. Ask for a new one below.", variant: "destructive" },
  verificationSent: { title: "Email sent", description: "If that address has an unconfirmed account, a new confirmation link is on its way." },
  signedOut: { title: "Signed out", description: "You have been signed out." },
  profileUpdated: { title: "Profile updated", description: "Your profile has been updated successfully." },
  usernameTaken: { title: "Profile update failed", description: "That username is taken.", variant: "destructive" },
  profileUpdateFailed: { title: "Profile update failed", description: "Please check the fields below and try again.", variant: "destructive" },
  noUser: { title: "Profile update failed", description: "No user logged in", variant: "destructive" },
  passwordChanged: { title: "Password changed", description: "Your password has been changed and your other devices were signed out." },
  passwordNotChanged: { title: "Password not changed", variant: "destructive" },
  emailNotSent: { title: "Email not sent", variant: "destructive" },
  passwordResetNotSent: { title: "Password Reset", variant: "destructive" },
  currentPasswordWrong: { title: "Password not changed", description: "Your current password is not correct.", variant: "destructive" },
  otherSessionsRevoked: { title: "Signed out elsewhere", description: "Every other device signed in to your account has been signed out." },
  accountDeleted: { title: "Account deleted", description: "Your account and everything it held have been deleted." },
  deleteConfirmWrong: { title: "Account not deleted", description: "Type DELETE in capital letters to confirm.", variant: "destructive" },
  deletePasswordWrong: { title: "Account not deleted", description: "Your password is not correct.", variant: "destructive" },
  crossSite: { title: "Request refused", description: "This form was sent from another website.", variant: "destructive" },
  signInRequired: { title: "Sign In Required", description: "Please sign in to view your profile.", variant: "destructive" },
  signInToContinue: { title: "Sign In Required", description: "Please sign in to continue.", variant: "destructive" },
  // Community (spec part 1 §4, §5, §9).
  authRequiredBookmark: { title: "Authentication required", description: "Please sign in to bookmark tools.", variant: "destructive" },
  authRequiredReview: { title: "Authentication required", description: "Please sign in to write a review.", variant: "destructive" },
  authRequiredFeedback: { title: "Authentication required", description: "Please sign in to do that.", variant: "destructive" },
  favoriteAdded: { title: "Added to favorites", description: "The tool has been saved to your favorites." },
  favoriteRemoved: { title: "Removed from favorites", description: "The tool has been removed from your favorites." },
  bookmarkFailed: { title: "Bookmark failed", description: "Failed to update bookmark. Please try again.", variant: "destructive" },
  authRequiredWatch: { title: "Authentication required", description: "Please sign in to watch tools and follow categories.", variant: "destructive" },
  watchAdded: { title: "Watching", description: "We will email you when its prices, plans or link change, or it gets a Verified review." },
  watchRemoved: { title: "Not watching", description: "You will not get emails about this tool any more." },
  followAdded: { title: "Following", description: "Its new tools and price changes go into your weekly digest, when it is on in your settings." },
  followRemoved: { title: "Unfollowed", description: "This category is no longer in your weekly digest." },
  slSaved: { title: "Saved" },
  slAlertsOff: { title: "Shortlist alerts off" },
  watchFailed: { title: "Not saved", description: "Could not update this. Please try again.", variant: "destructive" },
  categoryNotFound: { title: "Category not found", description: "This category no longer exists.", variant: "destructive" },
  mailSettingsSaved: { title: "Email settings saved" },
  alertsUnsubscribed: { title: "Unsubscribed", description: "You will not get emails about the tools you watch any more. Turn them back on in your settings." },
  digestUnsubscribed: { title: "Unsubscribed", description: "You will not get the weekly digest any more. Turn it back on in your settings." },
  ratingRequired: { title: "Rating required", description: "Please select a star rating for your review.", variant: "destructive" },
  ratingRequiredInline: { title: "Rating required", description: "Please select a rating before submitting your review.", variant: "destructive" },
  contentRequired: { title: "Review content required", description: "Please write a review comment.", variant: "destructive" },
  commentTooLong: { title: "Review too long", description: "Please keep your review to 500 characters.", variant: "destructive" },
  tooManyImages: { title: "Too many images", description: "You can upload a maximum of 3 images per review.", variant: "destructive" },
  imageInvalidType: { title: "Image upload failed", description: "Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.", variant: "destructive" },
  imageTooLarge: { title: "Image upload failed", description: "File size too large. Maximum size is 5MB.", variant: "destructive" },
  imageEmpty: { title: "Image upload failed", description: "Empty file: this image has no content. Please choose another file.", variant: "destructive" },
  imageInOtherReview: { title: "Image upload failed", description: "This image belongs to another of your reviews. Please upload it again for this one.", variant: "destructive" },
  imageBadExtension: { title: "Image upload failed", description: "Invalid file extension", variant: "destructive" },
  imageUnreadable: { title: "Image upload failed", description: "There was a problem uploading your image. Please try again.", variant: "destructive" },
  reviewSubmitted: { title: "Review submitted!", description: "Thank you for sharing your experience." },
  reviewUpdated: { title: "Review updated", description: "Your review has been updated." },
  reviewSubmitFailed: { title: "Review submission failed", description: "Failed to submit review. Please try again.", variant: "destructive" },
  reviewSubmitFailedInline: { title: "Submission failed", description: "There was a problem submitting your review. Please try again.", variant: "destructive" },
  reviewDeleted: { title: "Review deleted", description: "Your review has been removed." },
  notYours: { title: "Not allowed", description: "You can only change your own reviews.", variant: "destructive" },
  ownReviewVote: { title: "Not allowed", description: "You cannot vote on your own review.", variant: "destructive" },
  helpfulVoted: { title: "Thanks!", description: "You marked this review as helpful." },
  alreadyVoted: { title: "Already counted", description: "You have already marked this review as helpful.", variant: "destructive" },
  reviewReported: { title: "Review reported", description: "Thank you. Our editors will look at it." },
  reviewNotFound: { title: "Review not found", description: "This review no longer exists.", variant: "destructive" },
  toolNotFound: { title: "Tool not found", description: "This tool no longer exists.", variant: "destructive" },
  feedbackThanksPositive: { title: "Thanks for your feedback!", description: "Your positive feedback has been recorded." },
  feedbackThanksNegative: { title: "Thanks for your feedback!", description: "Your negative feedback has been recorded." },
  feedbackCleared: { title: "Feedback removed", description: "Your feedback has been cleared." },
  emptyComment: { title: "Empty comment", description: "Please enter some text before submitting your comment.", variant: "destructive" },
  commentSubmitted: { title: "Comment submitted!", description: "Thank you for sharing your experience with this tool." },
  imageUploaded: { title: "Image uploaded" },
  noteTooLong: { title: "Comment too long", description: "Please keep your comment to 500 characters.", variant: "destructive" },
  ownReviewReport: { title: "Not allowed", description: "You cannot report your own review.", variant: "destructive" },
  ratingSaved: { title: "Thanks for rating!", description: "Your rating has been saved." },
  // Newsletter and contact (spec part 2 §4, §5, §8).
  emailRequired: { title: "Email required", description: "Please enter your email address.", variant: "destructive" },
  subscribed: { title: "Successfully subscribed!", description: "Thank you for subscribing to our newsletter. Check your inbox for an email to confirm it." },
  subscribeFailed: { title: "Subscription failed", description: "Failed to subscribe. Please try again later.", variant: "destructive" },
  subscriptionConfirmed: { title: "Subscription confirmed", description: "Welcome aboard: you will get the next issue we send." },
  subscriptionLinkInvalid: {
    title: "Link expired",
    description: "This confirmation link was already used or is no longer valid. Subscribe again to get a new one.",
    variant: "destructive",
  },
  unsubscribed: { title: "Unsubscribed", description: "You will not receive the newsletter any more." },
  unsubscribeLinkInvalid: { title: "Link not valid", description: "This unsubscribe link is not valid. Please use the link in your latest email.", variant: "destructive" },
  messageSent: { title: "Message Sent!", description: "We'll get back to you as soon as possible." },
  messageNotSent: { title: "Message not sent", description: "Please check the highlighted fields.", variant: "destructive" },
  // Generic answers to each error code (utils/errors.ts), when nothing more specific applies.
  invalidInput: { title: "Invalid request", description: "Some fields are missing or wrong.", variant: "destructive" },
  notJson: { title: "Invalid request", description: "Send the data as JSON.", variant: "destructive" },
  badJson: { title: "Invalid request", description: "The request is not valid JSON.", variant: "destructive" },
  unreadableForm: { title: "Invalid request", description: "The form could not be read. Please try again.", variant: "destructive" },
  readRecorded: { title: "Read counted" },
  themeSaved: { title: "Theme saved" },
  vitalsRecorded: { title: "Measurements recorded" },
  vitalsRefused: { title: "Measurements refused", description: "Send a page type and one to five known metrics with plausible values.", variant: "destructive" },
  authRequiredSaveArticle: { title: "Authentication required", description: "Please sign in to save articles to your account.", variant: "destructive" },
  articleSaved: { title: "Article saved", description: "Find it again under Saved articles." },
  articleSavedHere: { title: "Article saved", description: "Saved on this device. Sign in to keep it in your account." },
  articleUnsaved: { title: "Article removed", description: "It is no longer in your saved articles." },
  bookmarksImported: { title: "Saved articles kept", description: "The articles you saved on this device are now in your account." },
  contentMissing: {
    title: "Content Loading Error",
    description: "Content is not available (CONTENT_MISSING). Please refresh the page, or contact us if the article still does not appear.",
    variant: "destructive",
  },
  unreadableCharacters: {
    title: "Invalid characters",
    description: "Part of what you typed contains characters we can't store, such as invisible control characters. Please remove them and try again.",
    variant: "destructive",
  },
  tooLargeRequest: { title: "Invalid request", description: "The request is too large.", variant: "destructive" },
  unknownRequest: { title: "Unknown request", variant: "destructive" },
  notFound: { title: "Not found", description: "This page or item does not exist.", variant: "destructive" },
  fileNotFound: { title: "Not found", description: "This file does not exist (any more).", variant: "destructive" },
  comparisonCsvNoTools: {
    title: "Nothing to export",
    description: "Choose at least one known tool to export, e.g. /tools/comparison.csv?tools=chatgpt,claude-ai",
    variant: "destructive",
  },
  forbidden: { title: "Not allowed", description: "You are not allowed to do that.", variant: "destructive" },
  conflict: { title: "Conflict", description: "Someone changed this at the same time. Please try again.", variant: "destructive" },
  unexpected: { title: "Something went wrong", description: "An unexpected error occurred. Please try again in a moment.", variant: "destructive" },
  unavailable: {
    title: "Temporarily unavailable",
    description: "We cannot reach our database right now. What you saved before is safe; please try again in a moment.",
    variant: "destructive",
  },
  /** A write refused in read-only mode (decision 090): the primary database is out of reach (a form keeps what was typed, passwords aside). */
  readOnly: {
    title: "Changes are paused",
    description: "Our main database is out of reach for a moment, so this could not be saved. Please try again shortly.",
    variant: "destructive",
  },
  // Search-engine submission (/sitemap-dashboard, spec part 2 §4 'Ping').
  submissionStarted: { title: "Pinging...", description: "The URLs are on their way to IndexNow. Each batch's result appears in the list below." },
  nothingToSubmit: { title: "Nothing to submit", description: "No page has changed since the last successful submission." },
  indexNowOff: { title: "IndexNow is off", description: "Set INDEXNOW_KEY on the server to submit URLs to search engines.", variant: "destructive" },
  roleChanged: { title: "Role changed", description: "The new role applies from the account's next page." },
  roleUnchanged: { title: "No change", description: "The account already has that role." },
  roleAccountNotFound: { title: "No such account", description: "No account uses that email address.", variant: "destructive" },
  roleOwnAccount: { title: "Not your own role", description: "Ask another owner to change your role, or use npm run user:role.", variant: "destructive" },
  // Moderation, replies and verified reviews (issue 19, decision 023).
  reviewHidden: { title: "Review hidden", description: "It has left the tool page and the ratings. Its author sees it marked as hidden." },
  reviewRestored: { title: "Review restored", description: "It is back on the tool page and in the ratings." },
  reviewRemovedByEditor: { title: "Review deleted", description: "The review, its images, reports and replies are gone." },
  reportsDismissed: { title: "Reports dismissed", description: "The review stays published." },
  reviewAlreadyHidden: { title: "Already hidden", description: "Another editor hid this review a moment ago.", variant: "destructive" },
  reviewNotHidden: { title: "Not hidden", description: "This review is already published.", variant: "destructive" },
  noOpenReports: { title: "Nothing to dismiss", description: "This review has no open reports any more.", variant: "destructive" },
  proofMissing: { title: "Proof not sent", variant: "destructive" },
  proofSent: { title: "Proof received", description: "Only our editors can see it; it is deleted as soon as they have looked at it." },
  alreadyVerified: { title: "Already verified", description: "This review already carries the Verified user badge.", variant: "destructive" },
  proofNotFound: { title: "Proof not found", description: "It was judged already, or its review is gone.", variant: "destructive" },
  reviewVerified: { title: "Review verified", description: "It now carries the Verified user badge. The proof has been deleted." },
  proofRejected: { title: "Proof rejected", description: "The review stays unverified. The proof has been deleted." },
  replyPosted: { title: "Reply published", description: "It appears under the review with your role." },
  replyUpdated: { title: "Reply updated" },
  replyRequired: { title: "Reply required", description: "Please write your reply.", variant: "destructive" },
  replyTooLong: { title: "Reply too long", description: "Please keep your reply to 1,000 characters.", variant: "destructive" },
  replyNotAllowed: { title: "Not allowed", description: "Only our editors and the tool's maker can reply to reviews.", variant: "destructive" },
  // A maker's figures (issue 45): only the tool's verified maker, editors and owners read them.
  makerFiguresNotAllowed: {
    title: "Not allowed",
    description: "Only the tool's verified maker and our editors can see its figures. A claim that lapsed or was withdrawn no longer counts.",
    variant: "destructive",
  },
  // The admin inbox (issue 19).
  messageMarkedRead: { title: "Marked read" },
  messageMarkedUnread: { title: "Marked unread", description: "The message is back among the unread ones." },
  messageMarkedReplied: { title: "Marked answered", description: "Its reply time counts in the median that /contact publishes." },
  messageMarkedUnreplied: { title: "Marked not answered" },
  messageDeleted: { title: "Message deleted", description: "The message is gone for good." },
  messageNotFound: { title: "No such message", description: "It may have been deleted by another editor.", variant: "destructive" },
  subscriberRemoved: { title: "Subscriber removed", description: "The address and its subscription history are deleted." },
  subscriberNotFound: { title: "No such subscriber", description: "It may have been removed already.", variant: "destructive" },
  // Newsletter issues (/admin/newsletter, issue 41).
  issueDrafted: { title: "Draft made", description: "It lists what the site recorded since the last issue. Reorder, cut and introduce it below." },
  issueSaved: { title: "Issue saved" },
  issueNotFound: { title: "No such issue", description: "It may have been deleted by another editor.", variant: "destructive" },
  issueNotEditable: { title: "Already sending", description: "An issue that is sending or sent can no longer be changed.", variant: "destructive" },
  issueEmpty: { title: "Nothing to send", description: "Keep at least one item or write an introduction first.", variant: "destructive" },
  issueScheduled: { title: "Issue scheduled", description: "It goes out at the time you chose, to every confirmed subscriber." },
  issueScheduleInPast: { title: "Time has passed", description: "Choose a time in the future, or send it now.", variant: "destructive" },
  issueSending: { title: "Sending", description: "The issue is going out to every confirmed subscriber. This page shows the progress." },
  issueUnscheduled: { title: "Back to draft", description: "The issue will not go out until you schedule or send it." },
  issueDeleted: { title: "Draft deleted" },
  issueTestSent: { title: "Test sent", description: "A copy is on its way to your own address." },
  // Link health (/admin/links).
  linkCheckedOk: { title: "Link checked", description: "The link works. Its row below shows the answer." },
  linkCheckedFailing: { title: "Link checked", description: "The link failed this check. Its row below shows the answer and the failures in a row." },
  linkUnknown: { title: "No such link", description: "That tool, course or deal no longer exists.", variant: "destructive" },
  linkPassStarted: { title: "Pass started", description: "Every link is being checked in the background, one request at a time per site. Reload to see the results." },
  linkPassBusy: { title: "A pass is running", description: "Links are being checked already (here or on another server). Reload in a while to see the results." },
  // Provenance (/admin/prices, decision 028).
  pricingSaved: { title: "Prices saved", description: "The tool page shows the new prices now; they are not confirmed until someone checks them on the vendor's page." },
  pricingSavedConfirmed: { title: "Prices saved and confirmed", description: "The tool page shows the new prices, confirmed today with the page you checked." },
  pricingInvalid: { title: "Prices not saved", description: "Please check the highlighted fields.", variant: "destructive" },
  pricingOverrideRemoved: { title: "Override removed", description: "The tool page shows the prices of the tool's content file again." },
  pricingNoOverride: { title: "Nothing to remove", description: "This tool's prices are its content file's already.", variant: "destructive" },
  priceCheckStarted: {
    title: "Price check started",
    description: "Every tool's pricing page is being checked in the background, one page at a time. Reload to see the tasks it opens.",
  },
  priceCheckBusy: { title: "A price check is running", description: "Pricing pages are being checked already (here or on another server). Reload in a while to see the results." },
  pricingConfirmed: { title: "Prices confirmed", description: "The tool page now says the prices were confirmed today, with the page you checked." },
  dealConfirmedToast: { title: "Deal confirmed", description: "The deal now says its terms were confirmed today, with the page you checked." },
  factConfirmed: { title: "Fact confirmed", description: "The tool page now says this fact was confirmed today, with your note as its receipt." },
  platformsConfirmed: { title: "Platforms confirmed", description: "The tool page now says its platforms were confirmed today, with your note as its receipt." },
  factNothingToConfirm: {
    title: "Nothing to confirm",
    description: 'This fact is "not published": there is no value to confirm. Change the tool\'s facts file instead.',
    variant: "destructive",
  },
  confirmSubjectUnknown: { title: "Not found", description: "That tool or deal no longer exists.", variant: "destructive" },
  // The policy watch's tasks (/admin/policies, issue 44).
  policyChangeDescribedNow: {
    title: "Change described",
    description: "Your words now appear with the entry on /changes, in its feed and on the tool page. They cannot be edited.",
  },
  policyChangeDescribed: {
    title: "Already described",
    description: "An editor has already said what changed on this page. What readers were told stays as it was written.",
    variant: "destructive",
  },
  policyChangeUnknown: { title: "Not found", description: "That policy change does not exist (its tool may have been removed).", variant: "destructive" },
  policyNoteInvalid: { title: "Not published", description: "Please check the highlighted field: nothing was published.", variant: "destructive" },
  // Tools' screenshots (/admin/screenshots/<slug>, issue 29).
  screenshotAdded: { title: "Screenshot added", description: "The tool page shows it now, at the end of its gallery." },
  screenshotDescribed: { title: "Screenshot saved", description: "The tool page shows the new alt text and caption." },
  screenshotMoved: { title: "Screenshot moved", description: "The tool page shows the gallery in the new order." },
  screenshotDeleted: { title: "Screenshot deleted", description: "It is gone from the tool page." },
  screenshotInvalid: { title: "Screenshot not saved", description: "Please check the highlighted fields.", variant: "destructive" },
  screenshotsFull: {
    title: "Screenshot not added",
    description: `A tool has at most ${MAX_TOOL_SCREENSHOTS} screenshots. Delete one to add another.`,
    variant: "destructive",
  },
  screenshotTooSmall: {
    title: "Screenshot not added",
    description: `The image is too small to show the product: a screenshot is at least ${SCREENSHOT_MIN.width}×${SCREENSHOT_MIN.height} pixels.`,
    variant: "destructive",
  },
  screenshotBadShape: {
    title: "Screenshot not added",
    description: `The image is too narrow or too wide to show the product: one side may be at most ${SCREENSHOT_MIN.maxAspect} times the other.`,
    variant: "destructive",
  },
  screenshotNotFound: { title: "No such screenshot", description: "It may have been deleted by another editor.", variant: "destructive" },
  screenshotToolUnknown: { title: "Not found", description: "That tool no longer exists.", variant: "destructive" },
  // Maker submissions (/submit and /admin/submissions, issue 19).
  authRequiredSubmit: { title: "Sign In Required", description: "Please sign in to submit a tool.", variant: "destructive" },
  submissionReceived: { title: "Submission received", description: "Thank you! An editor will review your tool. You will get an email either way." },
  submissionInvalid: { title: "Submission not sent", description: "Please check the highlighted fields.", variant: "destructive" },
  submissionDuplicate: { title: "Already listed", description: "A tool with this website is already in our directory.", variant: "destructive" },
  submissionPendingDuplicate: {
    title: "Already submitted",
    description: "A tool with this website has already been submitted and is waiting for review.",
    variant: "destructive",
  },
  submissionSaved: { title: "Submission saved", description: "Your changes to the submission are saved." },
  submissionApproved: { title: "Tool approved", description: "The tool is now listed in the directory and the submitter has been emailed." },
  submissionRejected: { title: "Submission rejected", description: "The submitter has been emailed the reason." },
  submissionNotPending: { title: "Already reviewed", description: "This submission has already been approved or rejected.", variant: "destructive" },
  submissionSlugTaken: {
    title: "Slug taken",
    description: "Another tool already uses this page address. Choose a different slug.",
    variant: "destructive",
  },
  submissionNotFound: { title: "Not found", description: "This submission does not exist.", variant: "destructive" },
  // Claiming a listing (/tools/<slug>/claim and /admin/claims, issue 45, decision 082).
  claimSignIn: { title: "Sign In Required", description: "Please sign in to claim a listing.", variant: "destructive" },
  claimInvalid: { title: "Claim not started", description: "Please check the highlighted fields.", variant: "destructive" },
  claimEmailSent: { title: "Check your inbox", description: "We sent a one-time link to that address. Open it within 48 hours while signed in to this account." },
  claimTokenReady: { title: "Your token is ready", description: "Publish it as shown below, then press Check now. It works for 48 hours." },
  claimFreeMail: {
    title: "Use an address at the tool's domain",
    description: "An address at a free mail provider cannot show that you control the tool's domain.",
    variant: "destructive",
  },
  claimOtherDomain: { title: "Not the tool's domain", description: "The address must be at the tool's own domain or a subdomain of it.", variant: "destructive" },
  claimNoDomain: { title: "Claims are not possible here", description: "This tool's website has no domain we can check.", variant: "destructive" },
  claimAlreadyVerified: { title: "Already claimed", description: "You already hold a verified claim on this tool.", variant: "destructive" },
  claimRevokedBefore: {
    title: "Claim revoked",
    description: "Our editors revoked your claim on this tool. Please write to them through the contact page.",
    variant: "destructive",
  },
  claimVerified: { title: "Claim verified", description: "The tool's page now says it is claimed by its maker, with the date and the method." },
  claimReconfirmed: { title: "Claim confirmed again", description: "Thank you: your claim stays verified." },
  claimExpired: { title: "Token expired", description: "This token or link has expired. Start the claim again to get a new one.", variant: "destructive" },
  claimLinkInvalid: { title: "Link not valid", description: "This link is not valid, or it has already been used.", variant: "destructive" },
  claimNotYours: { title: "Not your claim", description: "This claim was started by another account. Sign in with the account that started it.", variant: "destructive" },
  claimNotFound: { title: "No claim to check", description: "Start a claim first: choose a method and get a token.", variant: "destructive" },
  claimDnsMissing: {
    title: "Record not found",
    description: "We did not find the TXT record with your token on the domain. DNS changes can take a while to appear; try again later.",
    variant: "destructive",
  },
  claimDnsFailed: { title: "DNS lookup failed", description: "We could not look up the domain's records just now. Please try again later.", variant: "destructive" },
  claimFileMissing: { title: "File not found", description: "The file at the well-known address did not hold your token.", variant: "destructive" },
  claimFileFailed: { title: "File not fetched", description: "We could not fetch the well-known file from the tool's domain.", variant: "destructive" },
  claimRevoked: { title: "Claim revoked", description: "The claim is revoked and the maker's line is gone from the tool's page." },
  claimNotRevocable: { title: "Not revoked", description: "This claim is already revoked.", variant: "destructive" },
  // Makers' proposals (/maker, /admin/proposals, issue 45, decision 084).
  makerSignIn: { title: "Sign In Required", description: "Please sign in to propose a change to your listing.", variant: "destructive" },
  makerClaimRequired: {
    title: "Claim the listing first",
    description: "Only a maker with a verified claim of this tool can propose changes to it.",
    variant: "destructive",
  },
  proposalInvalid: { title: "Proposal not sent", description: "Please check the highlighted fields. What you typed is kept.", variant: "destructive" },
  proposalNoChange: { title: "Nothing to change", description: "What you proposed is what the listing already says.", variant: "destructive" },
  proposalWaiting: {
    title: "A proposal already waits",
    description: "Your earlier proposal of this field is with our editors. You can propose again once they have decided.",
    variant: "destructive",
  },
  proposalSent: { title: "Proposal sent", description: "Our editors will read your source page. Nothing changes on the listing until they accept it." },
  proposalDecisionInvalid: { title: "Not decided", description: "Please check the highlighted fields.", variant: "destructive" },
  proposalDecided: { title: "Already decided", description: "Another editor has already accepted or rejected this proposal.", variant: "destructive" },
  proposalStale: {
    title: "The listing changed since",
    description: "The field no longer says what the proposal was made against. Reject it and ask the maker to propose again.",
    variant: "destructive",
  },
  proposalAccepted: { title: "Proposal accepted", description: 'The listing shows it now, with "proposed by the maker" in its history; watchers hear of it.' },
  proposalRejected: { title: "Proposal rejected", description: "The maker sees your reason on their page." },
  // Browser-only actions: copying, sharing and exporting (spec part 1 §2.7, §8, §9).
  exportCsvDone: { title: "Export Successful", description: "Comparison data exported to CSV file" },
  exportCsvFailed: { title: "Export Failed", description: "Failed to export comparison data", variant: "destructive" },
  exportPdfReady: { title: "PDF Export Ready", description: "Print dialog opened - save as PDF" },
  exportPdfFailed: { title: "Export Failed", description: "Failed to generate PDF", variant: "destructive" },
  comparisonShared: { title: "Shared Successfully", description: "Comparison shared via native sharing" },
  comparisonLinkCopied: { title: "Link Copied", description: "Comparison link copied to clipboard" },
  comparisonShareFailed: { title: "Share Failed", description: "Failed to share comparison", variant: "destructive" },
  linkCopied: { title: "Link copied!" },
  linkCopyFailed: { title: "Could not copy the link. Copy it from the address bar instead.", variant: "destructive" },
  codeCopyFailed: { title: "Could not copy the code", description: "Select it and copy it yourself.", variant: "destructive" },
  ratingSavedSignIn: { title: "Thanks for rating!", description: "Sign in to have your rating count in the community score." },
  commentSubmittedSignIn: { title: "Comment submitted!", description: "Thank you! Sign in to share comments with other readers." },
} as const satisfies Record<string, Toast>;

/** Why the sign-in dialog opened, shown at its top (components/account/sign-in-dialog). */
export const SIGN_IN_PROMPTS = {
  vote: "Please sign in to vote on or report reviews.",
  bookmark: "Please sign in to bookmark tools.",
  watch: "Please sign in to watch tools and follow categories.",
  review: "Please sign in to write a review. What you typed is kept.",
} as const;

export type SignInPrompt = keyof typeof SIGN_IN_PROMPTS;

export type MessageKey = keyof typeof MESSAGES;

export const isMessageKey = (value: unknown): value is MessageKey => typeof value === "string" && Object.hasOwn(MESSAGES, value);

/**
 * Inline texts under form fields. Schemas and models name a field's problem
 * with one of these keys; a text that is not a key (zod's own wording for a
 * malformed API body) is shown as it is.
 */
export const FIELD_MESSAGES = {
  nameRequired: "Full name is required",
  nameTooLong: "Full name must be at most 80 characters",
  emailRequired: "Email is required",
  emailTooLong: "Email is too long",
  emailInvalid: "Enter a valid email address",
  claimMethodRequired: "Choose how you will prove control of the domain",
  claimEmailFreeMail: "An address at a free mail provider cannot prove control of the tool's domain",
  claimEmailOtherDomain: "Use an address at the tool's own domain or a subdomain of it",
  proposalSourceElsewhere: "The source page must be on the tool's own domain",
  proposalNoteTooLong: "The note must be at most 500 characters",
  proposalReasonRequired: "Say why, in at least 10 characters: the maker reads it",
  proposalReasonTooLong: "The reason must be at most 500 characters",
  factTierRequired: "Choose the plans the fact is about",
  factValueRequired: "Choose the fact and what your page states",
  factValueNotAllowed: "Choose one of the answers listed under a fact",
  logoFileRequired: "Choose the logo's image: PNG, JPEG or WebP",
  logoTooSmall: `The image is too small for a logo: at least ${LOGO_UPLOAD.minSide}×${LOGO_UPLOAD.minSide} pixels`,
  logoNotSquare: `A logo must be square or nearly: one side at most ${LOGO_UPLOAD.maxAspect} times the other`,
  platformUnknown: "Choose platforms from the list",
  platformsRequired: "Choose at least one platform",
  emailTaken: "This email is already registered",
  passwordRequired: "Password is required",
  confirmRequired: "Please confirm your password",
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: PASSWORD_TOO_SHORT,
  passwordTooLong: PASSWORD_TOO_LONG,
  passwordTooCommon: PASSWORD_TOO_COMMON,
  currentPasswordRequired: "Enter your current password",
  currentPasswordWrong: "Your current password is not correct",
  passwordWrong: "Your password is not correct",
  passwordMissing: "Enter your password",
  typeDelete: "Type DELETE to confirm",
  displayNameRequired: "Display name is required",
  displayNameTooLong: "Display name must be at most 80 characters",
  usernameInvalid: "Username must be 3 to 30 characters: letters, digits and underscores",
  usernameTaken: "That username is taken",
  websiteTooLong: "Website must be at most 200 characters",
  websiteScheme: "Website must start with http:// or https://",
  websiteInvalid: "Website is not a valid address",
  avatarTooLarge: "File size too large. Maximum size is 5MB.",
  avatarType: "Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.",
  avatarUnreadable: "This image could not be read. Please choose another file.",
  ratingRequired: "Please select a star rating.",
  unreadableCharacters: "Contains characters we can't store, such as invisible control characters",
  newsletterNameTooLong: "Name must be at most 80 characters",
  issueSubjectRequired: "Subject is required",
  issueSubjectTooLong: "Subject must be at most 150 characters",
  issueIntroTooLong: "Introduction must be at most 4,000 characters",
  issueTimeInvalid: "Enter a date and time",
  firstNameRequired: "First name is required",
  firstNameTooLong: "First name must be at most 60 characters",
  lastNameRequired: "Last name is required",
  lastNameTooLong: "Last name must be at most 60 characters",
  subjectRequired: "Subject is required",
  subjectTooLong: "Subject must be at most 150 characters",
  messageRequired: "Message is required",
  messageTooShort: "Please write at least 10 characters",
  messageTooLong: "Message must be at most 5,000 characters",
  vitalOutOfRange: "The value is outside what a browser can measure",
  vitalRepeated: "Each metric may be sent once per page view",
  roleAccountNotFound: "No account uses this email address",
  roleInvalid: "Choose reader, editor or owner",
  replyRequired: "Please write your reply",
  replyTooLong: "Keep your reply to 1,000 characters",
  proofRequired: "Choose a screenshot to send",
  linkUnknown: "No such link",
  sourceUrlRequired: "Enter the address of the page you checked",
  sourceUrlInvalid: "Enter the vendor's page as a full https:// address",
  sourceUrlElsewhere: "The page you checked must be on the vendor's own site",
  confirmSeenRequired: "Say what you saw on that page that matches (the figures or terms), in at least 10 characters",
  confirmSeenTooLong: "Keep what you saw to 300 characters",
  policyChangeUnknown: "No such policy change",
  policyNoteRequired: "Say what changed on the page, as you read it, in at least 10 characters",
  policyNoteTooLong: "Keep what changed to 500 characters",
  toolNameRequired: "Tool name is required",
  toolNameTooShort: "Tool name must be at least 2 characters",
  toolNameTooLong: "Tool name must be at most 60 characters",
  toolUrlRequired: "Website is required",
  toolUrlInvalid: "Enter the tool's website, starting with https://",
  toolUrlTooLong: "Website must be at most 200 characters",
  toolUrlListed: "This website is already listed",
  toolUrlSubmitted: "This website has already been submitted",
  categoryRequired: "Choose a category",
  taglineTooShort: "Short description must be at least 10 characters",
  taglineTooLong: "Short description must be at most 120 characters",
  descriptionTooShort: "Description must be at least 80 characters",
  descriptionTooLong: "Description must be at most 900 characters",
  pricingTextTooShort: "Pricing must be at least 3 characters",
  pricingTextTooLong: "Pricing must be at most 60 characters",
  pricingModelRequired: "Choose free, freemium or paid",
  makerRoleRequired: "Choose how you relate to the tool",
  slugInvalid: "Slug must be lowercase letters, digits and hyphens, at most 60 characters",
  slugTaken: "Another tool already uses this slug",
  reasonTooShort: "Give the submitter a reason of at least 10 characters",
  reasonTooLong: "Reason must be at most 1,000 characters",
  planNameLength: "Give the plan the vendor's name for it, 2 to 40 characters",
  planNameTwice: "Another plan has this name; each plan is named once",
  planPriceRequired: "Enter the price, or tick 'No published price'",
  planPriceInvalid: "Enter the price as a figure, such as 20 or 8.33 (at most 1,000,000)",
  planPriceAndNone: "Either enter a price or tick 'No published price', not both",
  planCurrencyRequired: "Choose the currency of the price",
  planPeriodRequired: "Choose what the price is for: a month, a year, once, or use",
  planUnitRequired: "A usage price needs its unit, such as 'per 1M input tokens' (3 to 40 characters)",
  planUnitOnlyUsage: "A unit is only for usage prices; leave it empty or choose 'usage'",
  planBilledAnnuallyMonthOnly: "'Billed annually' is only for a monthly price; a yearly price is per year",
  planPerInvalid: "Per seat or user is only for a published price that is not usage-based",
  planMinSeatsInvalid: "A minimum is a whole number from 2 to 1,000 and needs 'per' (seat, user…)",
  planPlusUsageInvalid: "'Plus usage' is only for a monthly or yearly price",
  planLimitsLength: "Say what the plan includes or limits, 3 to 160 characters",
  pricingNoPlans: "Keep at least one plan",
  pricingTooManyPlans: "A tool has at most 8 plans",
  pricingOneCurrency: "The priced plans of one tool are in one currency",
  pricingModelChoose: "Choose the pricing model",
  pricingModelFree: "'Free' means every plan has price 0",
  pricingModelFreemium: "'Freemium' needs a plan at 0 and a plan with a price above 0",
  pricingModelPaid: "'Paid' needs a plan with a price above 0; with no published price, choose 'Contact sales'",
  pricingModelPaidHasFree: "'Paid' has no plan at 0; a free plan makes it 'Freemium'",
  pricingModelPayPerUse: "'Pay per use' needs a usage-based plan with a price above 0",
  pricingModelContactSales: "'Contact sales' means no plan has a published price",
  pricingNoteTooLong: "Keep the note to 500 characters",
  screenshotAltRequired: "Describe what the screenshot shows, for readers who cannot see it",
  screenshotAltTooLong: `Keep the alt text to ${SCREENSHOT_ALT_MAX} characters`,
  screenshotCaptionTooLong: `Keep the caption to ${SCREENSHOT_CAPTION_MAX} characters`,
  screenshotFileRequired: "Choose an image file: JPEG, PNG, GIF or WebP, at most 5MB",
  screenshotProviderInvalid: "Say who made the screenshot: our editors or the maker",
} as const satisfies Record<string, string>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

export function fieldMessage(keyOrText: string): string {
  return Object.hasOwn(FIELD_MESSAGES, keyOrText) ? FIELD_MESSAGES[keyOrText as FieldMessageKey] : keyOrText;
}

/** The 429 answer, in words; `resetHint` when a password reset by email lets this device sign in at once (decision 013). */
export function tooManyAttempts(retryAfterSeconds: number, { resetHint = false } = {}): Toast {
  const wait = retryAfterSeconds >= 90 ? `${Math.ceil(retryAfterSeconds / 60)} minutes` : countOf(retryAfterSeconds, "second");
  const hint = resetHint ? " To sign in on this device now, use 'Forgot password?' to get a reset link by email." : "";
  return { title: "Too many attempts", description: `Please wait ${wait} and try again.${hint}`, variant: "destructive" };
}

/** The 429 answer when the limit is the one-email-a-minute rule. */
export function tooManyEmails(retryAfterSeconds: number): Toast {
  return {
    title: "Email already sent",
    description: `We sent an email to this address moments ago. Please check your inbox, or wait ${countOf(retryAfterSeconds, "second")} before asking for another.`,
    variant: "destructive",
  };
}

/** How long to wait, in the unit a person would use: '40 seconds', '12 minutes', '5 hours'. */
export function waitWords(seconds: number): string {
  if (seconds < 90) return countOf(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds < 90 * 60) return countOf(Math.ceil(seconds / 60), "minute");
  return countOf(Math.ceil(seconds / 3600), "hour");
}

/**
 * The 429 answer when an address has had the day's emails of its kind (decision 038). It says nothing about whether
 * the address has an account: it is only given where every attempt sends a message (the newsletter) or to a
 * visitor who has just typed the account's password (`unconfirmed`: a sign-in with an unconfirmed address).
 */
export function tooManyEmailsToday(retryAfterSeconds: number, { unconfirmed = false } = {}): Toast {
  const wait = waitWords(retryAfterSeconds);
  return unconfirmed
    ? {
        title: "Please confirm your email",
        description: `Your email address is not confirmed yet. We have sent it as many confirmation links as we send in a day: please use one of them, or try again in ${wait}.`,
        variant: "destructive",
      }
    : {
        title: "Email limit reached",
        description: `We have sent this address as many emails as we send in a day. Please check your inbox (and spam folder), or try again in ${wait}.`,
        variant: "destructive",
      };
}

// The sentences pages print as they render live in ./words.ts (loaded with the page); they are part of this catalogue.
export * from "./words";
