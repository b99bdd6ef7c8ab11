import { afterEach } from 'vitest'

/**
 * Stops what a test started once it ends, passed or failed, newest first. Call it once
 * per file with how one is stopped; it gives back the function that keeps one:
 * `const started = stopAfterEach((server: TestServer) => server.close())`, then
 * `const server = started(await startTestServer())` in a test.
 */
export function stopAfterEach<T>(stop: (started: T) => unknown): (started: T) => T {
  const running: T[] = []
  afterEach(async () => {
    for (const started of running.splice(0).reverse()) await stop(started)
  })
  return (started) => {
    running.push(started)
    return started
  }
}
