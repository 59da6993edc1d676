import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "~/utils/logger.server";
import { isConnectionGone, judgeUncaught, requestScope } from "./last-resort";

/** The logger's own calls, whatever level this worker's environment logs at (other files share its modules). */
function spyOnLog() {
  return { warn: vi.spyOn(log, "warn").mockImplementation(() => {}), error: vi.spyOn(log, "error").mockImplementation(() => {}) };
}

describe("the last line of defence", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lets the process go on after a gone connection's stream error, naming the request on one line", () => {
    const { warn, error } = spyOnLog();
    const aborted = Object.assign(new Error("The operation was aborted"), { name: "AbortError", code: "ABORT_ERR" });
    expect(requestScope.run({ requestId: "req-1", path: "/tools" }, () => judgeUncaught(aborted))).toBe("continue");
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    const [message, fields] = warn.mock.calls[0]!;
    expect(message).toContain("from a connection that is gone: the server goes on");
    expect(fields).toEqual({ requestId: "req-1", path: "/tools", error: "AbortError: The operation was aborted" });
  });

  it("stops for anything else, saying why on one line", () => {
    const { warn, error } = spyOnLog();
    expect(judgeUncaught(new TypeError("x is not a function"))).toBe("exit");
    expect(judgeUncaught("a thrown string")).toBe("exit");
    expect(warn).not.toHaveBeenCalled();
    expect(error.mock.calls.map(([message, fields]) => `${message} ${JSON.stringify(fields)}`)).toEqual([
      expect.stringMatching(/^stopping: .*"error":"TypeError: x is not a function"}$/),
      expect.stringMatching(/^stopping: .*"error":"a thrown string"}$/),
    ]);
  });

  it("counts only a connection's codes as gone", () => {
    for (const code of ["ABORT_ERR", "ERR_STREAM_PREMATURE_CLOSE", "ECONNRESET", "EPIPE"]) expect(isConnectionGone(Object.assign(new Error(code), { code }))).toBe(true);
    for (const error of [new Error("plain"), Object.assign(new Error("db"), { code: "57P01" }), null, undefined, "ECONNRESET"]) expect(isConnectionGone(error)).toBe(false);
  });
});
