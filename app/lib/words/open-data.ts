// The open data's refusals (issue 46): the `detail` and `errors` of a problem answer, under the catalogue's titles
// (lib/messages.ts: "Invalid request", "Not found"). Only the server writes them, so they stay out of the messages
// every page's script carries (decision 080).
export const OPEN_DATA_WORDS = {
  badCursor: "This cursor is not one we gave: start again without it",
  cursorOtherQuery: "This cursor belongs to another query: send it with the same parameters, or start again without it",
  unknownParameter: "Not a parameter of this endpoint",
  repeatedParameter: "Give this parameter once (a list is comma-separated)",
  badParameters: "Some parameters are not valid: see errors",
  badSince: "Give a time in ISO 8601 with its offset, such as 2026-12-01T00:00:00Z",
  toolNotFound: "No tool has this slug: /api/v1/tools lists them.",
  noSuchEndpoint: "No endpoint at this address: /api/v1/openapi.json lists them.",
  readOnly: "The API is read-only: use GET.",
  filesPending: "The open data files are being written for the first time. Please try again in a minute.",
  /** A stored file that failed its checksum on the way to a host's disk: a new run was asked for. */
  filesRewriting: "The open data files are being written again. Please try again in a few minutes.",
  /** An MCP tool's refusal, as a toast's title and description. */
  taskNotFound: { title: "Task not found", description: "No task of ours goes by this name or matches these words." },
} as const;
