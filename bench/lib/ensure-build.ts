import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * scripts/ensure-build.mjs in its own process: builds dist/ only when a source is newer
 * than it. Throws when the build fails (its output is on the terminal).
 */
export function ensureBuild(): void {
  const result = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import('./scripts/ensure-build.mjs').then((m) => m.ensureBuild())",
    ],
    { cwd: root, stdio: 'inherit' },
  )
  if (result.status !== 0)
    throw new Error('the build failed (see above); fix it or run with --no-build')
}
