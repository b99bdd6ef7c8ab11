import { spawn } from 'node:child_process'

// The repository root, where Vitest runs (under happy-dom import.meta.url is not a file URL).
const root = process.cwd()

/**
 * A generous bound for work that must finish in milliseconds: a check that passes in
 * well under a second on a busy machine, while the runaway it guards against (a
 * backtracking regular expression) would take hours.
 */
export const RUNAWAY_LIMIT_MS = 60_000

/** A test that calls runBounded needs this long (Vitest's default is shorter). */
export const BOUNDED_TEST_TIMEOUT_MS = RUNAWAY_LIMIT_MS + 30_000

/**
 * Runs `script` (TypeScript, an ES module; imports relative to the repository root) in a
 * child Node process, killed after `limitMs` by coreutils' `timeout` (so even when the
 * test runner goes away first). A runaway synchronous computation in the test's own
 * thread would freeze the test runner; in a child it becomes a clear failure
 * (`finished: false`).
 *
 * @example const run = await runBounded(`import { f } from './server/f.ts'; console.log(f())`)
 */
export function runBounded(
  script: string,
  limitMs = RUNAWAY_LIMIT_MS,
): Promise<{ finished: boolean; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const seconds = String(Math.ceil(limitMs / 1000))
    const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', script]
    const child = spawn('timeout', ['--signal=KILL', seconds, ...node], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk
    })
    child.on('error', reject)
    // When it had to kill the command, timeout(1) ends by SIGKILL itself (or exits 137).
    child.on('close', (code, signal) =>
      resolve({ finished: signal === null && code !== 137, stdout, stderr }),
    )
  })
}
