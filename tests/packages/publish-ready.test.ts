import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { PACKAGE_DIR } from './support/fixture-apps'

// Issue 35, defect 6: the package is ready to publish: `npm publish --dry-run` passes with
// no warning but the login it cannot have here, and the tarball holds the built package,
// its README and licence, and nothing of the repository's (sources, maps, configs).

const Manifest = z.looseObject({
  name: z.literal('@porthole/chat'),
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  license: z.literal('MIT'),
  description: z.string().min(20),
  repository: z.object({
    type: z.literal('git'),
    url: z.string(),
    directory: z.literal('packages/porthole'),
  }),
  publishConfig: z.object({ access: z.literal('public') }),
  types: z.string(),
  exports: z.record(z.string(), z.unknown()),
})
const Packed = z.array(
  z.looseObject({ filename: z.string(), files: z.array(z.object({ path: z.string() })) }),
)

/** Runs npm in the package offline, scripts off (the suite builds dist/ first). */
function npm(...args: string[]) {
  if (!existsSync(join(PACKAGE_DIR, 'dist/index.js')))
    throw new Error('packages/porthole/dist is missing: run `npm run build` first')
  const result = spawnSync('npm', [...args, '--ignore-scripts', '--offline'], {
    cwd: PACKAGE_DIR,
    encoding: 'utf8',
    timeout: 90_000,
  })
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${result.stderr}`)
  return result
}

/** Every file an export of package.json points at. */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value.replace(/^\.\//, '')]
  if (typeof value !== 'object' || value === null) return []
  return Object.values(value).flatMap(exportTargets)
}

describe('@porthole/chat, ready to publish', () => {
  const manifest = Manifest.parse(
    JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')),
  )

  it('packs the built files, README, LICENSE and package.json, and nothing else', () => {
    const [packed] = Packed.parse(JSON.parse(npm('pack', '--dry-run', '--json').stdout))
    const files = (packed?.files ?? []).map((file) => file.path).sort()
    expect(packed?.filename).toBe(`porthole-chat-${manifest.version}.tgz`)
    for (const file of files)
      expect(file, 'only the built package ships').toMatch(
        /^(LICENSE|README\.md|package\.json|dist\/[\w-]+\.(js|cjs|d\.ts|d\.cts))$/,
      )
    const targets = exportTargets(manifest.exports).filter((target) => target !== 'package.json')
    expect(targets.length).toBeGreaterThanOrEqual(12)
    expect(files).toEqual(
      expect.arrayContaining([
        ...targets,
        manifest.types.replace(/^\.\//, ''),
        'README.md',
        'LICENSE',
      ]),
    )
  })

  it('passes npm publish --dry-run with no warning but the missing login', () => {
    const { stderr } = npm('publish', '--dry-run')
    const warnings = stderr
      .split('\n')
      .filter((line) => /\bwarn\b/i.test(line) && !/requires you to be logged in/.test(line))
    expect(warnings).toEqual([])
    expect(stderr).toMatch(/with tag latest and public access \(dry-run\)/)
  })
})
