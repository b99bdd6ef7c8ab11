import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findRepoRoot } from '../../../server/assets/repo-root'
import { PLUGIN_DIR } from '../support/wordpress-site'

// `php -l` on every PHP file of the plugin and of the test's fixtures.

const root = findRepoRoot()
const phpFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return phpFiles(path)
    return /\.php(\.tpl)?$/.test(entry.name) ? [path] : []
  })
const files = [
  ...phpFiles(PLUGIN_DIR),
  ...phpFiles(join(root, 'tests/integrations/wordpress/fixtures')),
]
const hasPhp = spawnSync('php', ['-v']).status === 0

describe('php -l', () => {
  it('finds the plugin’s files', () => {
    expect(files.map((file) => relative(PLUGIN_DIR, file))).toEqual(
      expect.arrayContaining(['porthole-chat.php', 'uninstall.php']),
    )
  })

  if (!hasPhp && process.env.REQUIRE_WORDPRESS !== '1') {
    console.warn('php -l skipped: no php (apt-get install -y php-cli)')
    it.skip('every PHP file parses [skipped: no php; apt-get install -y php-cli]', () => {})
    return
  }
  it.each(files.map((file) => [relative(root, file), file]))('%s parses', (_name, file) => {
    const result = spawnSync('php', ['-l', file], { encoding: 'utf8' })
    expect(result.error).toBeUndefined()
    expect(`${result.stdout}${result.stderr}`).toMatch(/No syntax errors detected/)
    expect(result.status).toBe(0)
  })
})
