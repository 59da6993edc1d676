/**
 * Starts a piece of background work (a job's run) and, in the event loop's next turn, asks the app for /api/health:
 * whether that request was answered before the work ended. A run of embedded-database queries alone never waits on I/O,
 * so without a turn of the event loop between its steps every request waits for the whole run (`betweenSteps`).
 */
export async function healthAnsweredDuring<T>(
  app: { request: (pathname: string) => Promise<Response> },
  start: () => Promise<T>,
): Promise<{ status: number; duringRun: boolean; result: T }> {
  let ended = false;
  const run = start().then((value) => {
    ended = true;
    return value;
  });
  const answer = new Promise<{ status: number; duringRun: boolean }>((resolve, reject) =>
    setTimeout(() => {
      app.request("/api/health").then((response) => resolve({ status: response.status, duringRun: !ended }), reject);
    }, 0),
  );
  const [{ status, duringRun }, result] = await Promise.all([answer, run]);
  return { status, duringRun, result };
}
