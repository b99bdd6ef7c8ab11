import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { PLUGIN_DIR } from './wordpress-site'

/** Every file of the plugin's folder (or of `dir` under it), relative to the plugin's folder. */
export function pluginFiles(dir: string = PLUGIN_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pluginFiles(join(dir, entry.name))
      : [relative(PLUGIN_DIR, join(dir, entry.name))],
  )
}
