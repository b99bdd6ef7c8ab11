// Builds dist/ when it is missing or older than any source file, so `npm start` and
// `npm run sandbox` work straight after `npm install`.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const sources = ['shared', 'server', 'widget', 'studio', 'demo', 'package.json']

function newestMtime(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)))
  return newest
}

export function ensureBuild() {
  const stamp = join(root, 'dist/.build-stamp')
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
  const changed = Math.max(...sources.map((source) => newestMtime(join(root, source))))
  if (built >= changed) return
  console.log('Building Porthole (dist/ is missing or out of date)…')
  const result = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
    stdio: 'inherit',
    cwd: root,
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
