import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { findRepoRoot } from '../../../server/assets/repo-root'
import { pluginFiles } from '../support/plugin-files'
import { PLUGIN_DIR } from '../support/wordpress-site'

// `npm run build` writes dist/porthole-chat.zip: the plugin as Plugins → Upload takes it.

const zipPath = join(findRepoRoot(), 'dist/porthole-chat.zip')

describe('dist/porthole-chat.zip', () => {
  it('holds every file of the plugin under porthole-chat/, byte for byte, and nothing else', () => {
    if (!existsSync(zipPath))
      throw new Error(`${zipPath} is missing: run \`npm run build\` before this test`)
    const entries = unzipSync(readFileSync(zipPath))
    const names = Object.keys(entries)
    expect(names).toEqual(
      expect.arrayContaining([
        'porthole-chat/porthole-chat.php',
        'porthole-chat/uninstall.php',
        'porthole-chat/readme.txt',
        'porthole-chat/languages/porthole-chat.pot',
        'porthole-chat/includes/class-porthole-chat-embed.php',
      ]),
    )
    const stale = 'dist/porthole-chat.zip is older than the plugin: run `npm run build`'
    expect([...names].sort(), stale).toEqual(
      pluginFiles()
        .map((file) => `porthole-chat/${file}`)
        .sort(),
    )
    for (const name of names) {
      const file = join(PLUGIN_DIR, name.slice('porthole-chat/'.length))
      expect(Buffer.from(entries[name] ?? []).equals(readFileSync(file)), `${name}: ${stale}`).toBe(
        true,
      )
    }
  })
})
