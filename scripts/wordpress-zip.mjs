// The WordPress plugin as the zip a site owner uploads (Plugins → Add New → Upload Plugin):
// dist/porthole-chat.zip with every file under porthole-chat/. Sorted, with a fixed date,
// so the same sources give the same bytes.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
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

/** Writes dist/porthole-chat.zip from integrations/wordpress/porthole-chat; returns its file list. */
export function zipWordPressPlugin(root) {
  const source = join(root, 'integrations/wordpress', PLUGIN)
  const files = filesOf(source)
  const entries = Object.fromEntries(
    files.map((file) => [
      `${PLUGIN}/${file}`,
      [readFileSync(join(source, file)), { mtime: FIXED_DATE }],
    ]),
  )
  writeFileSync(join(root, 'dist', `${PLUGIN}.zip`), zipSync(entries, { level: 9 }))
  return files
}
