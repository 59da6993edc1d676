import { describe, expect, it } from "vitest";
import { concurrencyGate } from "./render-gate";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("concurrencyGate", () => {
  it("runs at most `max` tasks at once and the rest in arrival order", async () => {
    const run = concurrencyGate(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      running++;
      peak = Math.max(peak, running);
      await tick();
      running--;
      return id;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((id) => run(task(id))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it("frees the slot of a task that fails", async () => {
    const run = concurrencyGate(1);
    await expect(run(() => Promise.reject(new Error("render failed")))).rejects.toThrow("render failed");
    await expect(run(async () => "next")).resolves.toBe("next");
  });

  it("lets no newcomer overtake a waiting task", async () => {
    const run = concurrencyGate(1);
    const order: string[] = [];
    let release!: () => void;
    const first = run(() => new Promise<void>((resolve) => (release = resolve)).then(() => order.push("first")));
    const second = run(async () => order.push("second"));
    release();
    await tick(); // the first has ended; the second holds the handed-over slot
    const third = run(async () => order.push("third"));
    await Promise.all([first, second, third]);
    expect(order).toEqual(["first", "second", "third"]);
  });
});
