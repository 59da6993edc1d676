import { afterEach, describe, expect, it, vi } from "vitest";
import { isConnectionGone, judgeUncaught, requestScope } from "./last-resort";

describe("the last line of defence", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lets the process go on after a gone connection's stream error, naming the request on one line", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const aborted = Object.assign(new Error("The operation was aborted"), { name: "AbortError", code: "ABORT_ERR" });
    expect(requestScope.run({ requestId: "req-1", path: "/tools" }, () => judgeUncaught(aborted))).toBe("continue");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/^\[warn\] .*"requestId":"req-1","path":"\/tools".*AbortError/);
    expect(String(warn.mock.calls[0]![0])).not.toContain("\n");
  });

  it("stops for anything else, saying why on one line", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(judgeUncaught(new TypeError("x is not a function"))).toBe("exit");
    expect(judgeUncaught("a thrown string")).toBe("exit");
    expect(error.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringMatching(/^\[error\] stopping: .*TypeError: x is not a function"}$/),
      expect.stringMatching(/^\[error\] stopping: .*a thrown string"}$/),
    ]);
  });

  it("counts only a connection's codes as gone", () => {
    for (const code of ["ABORT_ERR", "ERR_STREAM_PREMATURE_CLOSE", "ECONNRESET", "EPIPE"]) expect(isConnectionGone(Object.assign(new Error(code), { code }))).toBe(true);
    for (const error of [new Error("plain"), Object.assign(new Error("db"), { code: "57P01" }), null, undefined, "ECONNRESET"]) expect(isConnectionGone(error)).toBe(false);
  });
});
