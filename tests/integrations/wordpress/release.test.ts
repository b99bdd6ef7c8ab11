import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { z } from 'zod'
import { zipWordPressPlugin } from '../../../scripts/wordpress-zip.mjs'
import { findRepoRoot } from '../../../server/assets/repo-root'
import { pluginFiles } from '../support/plugin-files'
import { PLUGIN_DIR } from '../support/wordpress-site'

// Issue 35, defect 13: a site owner downloads the plugin's zip from a release (built by
// CI, no Node on their side); the zip holds the plugin and nothing of the build; readme.txt
// claims no WordPress older than the one the plugin's test installs.

const ROOT = findRepoRoot()
const temp = mkdtempSync(join(tmpdir(), 'porthole-wp-release-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

describe('the plugin’s zip', () => {
  it('holds every PHP file, the readme and translations under porthole-chat/, and no build leftovers', () => {
    zipWordPressPlugin(ROOT, join(temp, 'a.zip'))
    const names = Object.keys(unzipSync(readFileSync(join(temp, 'a.zip'))))
    const php = pluginFiles().filter((file) => file.endsWith('.php'))
    expect(php.length).toBeGreaterThanOrEqual(8)
    expect(names).toEqual(
      expect.arrayContaining([
        ...php.map((file) => `porthole-chat/${file}`),
        'porthole-chat/readme.txt',
        'porthole-chat/languages/porthole-chat.pot',
      ]),
    )
    for (const name of names) {
      expect(name).toMatch(/^porthole-chat\//)
      expect(name, 'no source maps, dependencies, dotfiles or scripts').not.toMatch(
        /\.map$|node_modules|\/\.|\.(m?js|ts|sh)$/,
      )
    }
  })

  it('is the same bytes from the same sources, whatever their dates and the day', () => {
    // Two days apart: a date taken from the clock would differ.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-05-01T10:00:00Z'))
    zipWordPressPlugin(ROOT, join(temp, 'first.zip'))
    vi.setSystemTime(new Date('2030-05-03T17:31:07Z'))
    // A fresh copy: new modification times, as a CI checkout has.
    const copy = join(temp, 'copy')
    cpSync(join(ROOT, 'integrations/wordpress'), join(copy, 'integrations/wordpress'), {
      recursive: true,
      preserveTimestamps: false,
    })
    zipWordPressPlugin(copy, join(temp, 'second.zip'))
    vi.useRealTimers()
    expect(
      readFileSync(join(temp, 'second.zip')).equals(readFileSync(join(temp, 'first.zip'))),
    ).toBe(true)
  })
})

describe('readme.txt’s "Tested up to"', () => {
  // The WordPress the plugin's test installs: Debian's package (apt-get install wordpress).
  // dpkg-query's own placeholder, not a template: ${Version}.
  const format = ['-f=$', '{Version}'].join('')
  const installed = spawnSync('dpkg-query', ['-W', format, 'wordpress'], {
    encoding: 'utf8',
  })
  const version = installed.status === 0 ? /^(\d+)\.(\d+)/.exec(installed.stdout) : null
  const required = process.env.REQUIRE_WORDPRESS === '1'
  it.skipIf(!version && !required)('is at least the installed WordPress’s major.minor', () => {
    if (!version)
      throw new Error('REQUIRE_WORDPRESS=1 but Debian’s wordpress package is not installed')
    const readme = readFileSync(join(PLUGIN_DIR, 'readme.txt'), 'utf8')
    const tested = /^Tested up to: (\d+)\.(\d+)$/m.exec(readme)
    expect(tested, 'readme.txt has a "Tested up to: X.Y" line').not.toBeNull()
    const number = (match: RegExpExecArray) => Number(match[1]) * 1000 + Number(match[2])
    expect(
      number(tested as RegExpExecArray),
      `readme.txt says "Tested up to: ${tested?.[1]}.${tested?.[2]}", the test installs WordPress ${installed.stdout}`,
    ).toBeGreaterThanOrEqual(number(version))
  })
})

const Step = z.looseObject({ run: z.string().optional(), uses: z.string().optional() })
const Workflow = z.looseObject({
  on: z.object({ push: z.object({ tags: z.array(z.string()).min(1) }) }),
  permissions: z.object({ contents: z.literal('write') }),
  jobs: z.record(z.string(), z.looseObject({ steps: z.array(Step) })),
})

describe('the release workflow', () => {
  const workflow = Workflow.parse(
    parse(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')),
  )
  const runs = Object.values(workflow.jobs).flatMap((job) =>
    job.steps.map((step) => step.run ?? ''),
  )

  it('builds the zip on a version tag and attaches it to the release', () => {
    expect(workflow.on.push.tags).toContain('v*')
    const build = runs.findIndex((run) => run.includes('node scripts/wordpress-zip.mjs'))
    const upload = runs.findIndex((run) => /gh release upload .*dist\/porthole-chat\.zip/.test(run))
    expect(build).toBeGreaterThanOrEqual(0)
    expect(upload).toBeGreaterThan(build)
  })

  it('is what the WordPress page links as the download', () => {
    const pkg = z
      .object({ repository: z.object({ url: z.string() }) })
      .parse(JSON.parse(readFileSync(join(ROOT, 'packages/porthole/package.json'), 'utf8')))
    const repository = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')
    const page = readFileSync(join(ROOT, 'docs/site-owners/wordpress.md'), 'utf8')
    expect(page).toContain(`(${repository}/releases/latest/download/porthole-chat.zip)`)
  })
})
