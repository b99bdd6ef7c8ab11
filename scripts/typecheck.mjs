// `npm run typecheck`: tsc on every tsconfig.json of the repository, one per runtime
// (server/ and demo/: Node types, no DOM; widget/, studio/, demo/console/: DOM, no Node
// types), tests/, and the root one (bench/, scripts/, the vite configs). Found, not
// listed, so a new tsconfig is checked from the day it is added.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const SKIP = new Set(['node_modules', 'dist', 'data', '.git'])

/** Every tsconfig.json under `dir` (the base file tsconfig.base.json is not a project). */
export function findTsconfigs(dir = root) {
  const found = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !SKIP.has(entry.name) && !entry.name.startsWith('.'))
      found.push(...findTsconfigs(join(dir, entry.name)))
    else if (entry.isFile() && entry.name === 'tsconfig.json') found.push(join(dir, entry.name))
  }
  return found.sort()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tsc = join(root, 'node_modules/typescript/bin/tsc')
  let failed = 0
  for (const config of findTsconfigs()) {
    const name = relative(root, config)
    const result = spawnSync(process.execPath, [tsc, '--noEmit', '-p', config], {
      stdio: 'inherit',
      cwd: root,
    })
    if (result.status !== 0) failed++
    console.log(`typecheck: ${name} ${result.status === 0 ? 'ok' : 'failed'}`)
  }
  if (failed > 0) {
    console.error(`typecheck: ${failed} tsconfig(s) failed`)
    process.exit(1)
  }
}
