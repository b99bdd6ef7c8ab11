/**
 * How long a test waits for real work before it fails: a dynamic import, IndexedDB, a
 * real server, process or Redis, a browser. Generous on purpose: the suite runs on
 * busy machines (two cores shared by several runs), where work that takes 0.7 s when
 * idle can take many times that. A wait ends as soon as its condition holds, so the
 * margin costs nothing when all is well; it stays under the projects' 20 s testTimeout
 * so a real failure is reported by the wait, with its last error.
 *
 * Testing Library's waitFor and findBy* and Vitest's expect.poll take it by default
 * (tests/support/wait-defaults.ts, vite.config.ts); vi.waitFor has no global default:
 * pass `REAL_WORK` to it.
 */
export const REAL_WORK_TIMEOUT_MS = 15_000

/** How often a wait for real work checks its condition. */
export const REAL_WORK_INTERVAL_MS = 25

/** The options of a wait for real work: `await vi.waitFor(check, REAL_WORK)`. */
export const REAL_WORK = { timeout: REAL_WORK_TIMEOUT_MS, interval: REAL_WORK_INTERVAL_MS }
