// The WordPress plugin as the zip a site owner uploads (Plugins → Add New → Upload Plugin):
// dist/porthole-chat.zip with every file under porthole-chat/. Sorted, with a fixed date,
// so the same sources give the same bytes (the release workflow attaches it to each
// release: .github/workflows/release.yml). `node scripts/wordpress-zip.mjs` builds it
// alone, with no other build step.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { zipSync } from 'fflate'

const PLUGIN = 'porthole-chat'
const FIXED_DATE = new Date('2026-01-01T00:00:00Z')

/** Every file under `dir`, as paths relative to it with `/`, sorted. */
function filesOf(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name)
      if (entry.name.startsWith('.')) return []
      return entry.isDirectory()
        ? filesOf(path, base)
        : [relative(base, path).split('\\').join('/')]
    })
    .sort()
}

/**
 * Writes the plugin's zip from `root`/integrations/wordpress/porthole-chat to `out`
 * (default `root`/dist/porthole-chat.zip); returns its file list.
 */
export function zipWordPressPlugin(root, out = join(root, 'dist', `${PLUGIN}.zip`)) {
  const source = join(root, 'integrations/wordpress', PLUGIN)
  const files = filesOf(source)
  const entries = Object.fromEntries(
    files.map((file) => [
      `${PLUGIN}/${file}`,
      [readFileSync(join(source, file)), { mtime: FIXED_DATE }],
    ]),
  )
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, zipSync(entries, { level: 9 }))
  return files
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const files = zipWordPressPlugin(root)
  console.log(`wordpress-zip: dist/${PLUGIN}.zip (${files.length} files)`)
}
