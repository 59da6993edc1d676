/**
 * The open data's reads in one place (issue 46): the REST API (`routes/api.v1.*`), the MCP server and the nightly
 * files all answer through these, so the three say the same thing about a tool.
 */
export { getToolRecord, getToolTeamCost, planRecord, toolPageUrl } from "./tool-record.server";
export { findToolRecords, API_TOOLS_PAGE_SIZE, type ApiToolQuery } from "./tool-list.server";
export { listChangeRecords, API_CHANGES_PAGE_SIZE, type ChangeQuery } from "./changes.server";
export { listCategoryRecords, listTaskRecords, getTaskRecord } from "./catalogue.server";
