/**
 * Retries a check until it passes or the time is up (device messages cross a real socket and
 * broker, so what they change lands a little later); the last failure is what the test reports.
 */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 5000, pollMs = 25): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}
