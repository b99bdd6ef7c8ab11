import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, packageOf, root, sourcesUnder } from './support/source-imports'

// package.json's two lists say who needs a package. `dependencies`: what Porthole's own
// code imports (the backend runs with them; the widget, the studio and the console are
// built from them). `devDependencies`: what only the tests, the bench, the scripts and
// the builds use. An operator who installs with `npm ci --omit=dev` after building gets
// every package the backend imports and none it does not.

type Manifest = {
  name: string
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
const readManifest = (path: string) =>
  JSON.parse(readFileSync(join(root, path), 'utf8')) as Manifest
const manifest = readManifest('package.json')
const dependencies = new Set(Object.keys(manifest.dependencies))
/** The repository's own packages: Porthole itself and the npm package built from packages/. */
const own = [
  manifest.name,
  ...readdirSync(join(root, 'packages')).map(
    (folder) => readManifest(`packages/${folder}/package.json`).name,
  ),
]
const declared = new Set([...dependencies, ...Object.keys(manifest.devDependencies), ...own])

/** Porthole's own code, by top-level folder. */
const PRODUCT = ['server', 'shared', 'widget', 'studio', 'demo']
/** What only develops, measures or builds it. */
const TOOLING = ['kit', 'scripts', 'bench', 'tests', 'packages', 'integrations']
/** The builds' own files inside the product's folders: they use the build's tools. */
const BUILD_FILE = /(?:^|\/)vite\.config\.ts$|^widget\/build\//
/** Apps and samples the tests build or read as data, with manifests of their own. */
const FIXTURES = /\/fixtures\//

/** Each package the files import, with the first file that imports it. */
function packagesImported(files: ReadonlyMap<string, string>): Map<string, string> {
  const found = new Map<string, string>()
  for (const [file, code] of files)
    for (const specifier of importsOf(code)) {
      const name = packageOf(specifier)
      if (name && !found.has(name)) found.set(name, file)
    }
  return found
}

const sources = (folders: string[]) => {
  const files = new Map<string, string>()
  for (const folder of folders) sourcesUnder(folder, files)
  return files
}
const all = sources([...PRODUCT, ...TOOLING])
const product = new Map(
  [...all].filter(
    ([file]) => PRODUCT.some((folder) => file.startsWith(`${folder}/`)) && !BUILD_FILE.test(file),
  ),
)
const everywhere = new Map([...all].filter(([file]) => !FIXTURES.test(file)))

describe('the package reader', () => {
  it('names the package of a bare specifier and nothing else', () => {
    expect(packageOf('preact/hooks')).toBe('preact')
    expect(packageOf('@hono/node-server/serve-static')).toBe('@hono/node-server')
    expect(packageOf('zod')).toBe('zod')
    for (const other of [
      './x',
      '../../shared/text',
      'node:fs',
      'fs',
      'https://example.com/x.js',
      '…',
    ])
      expect(packageOf(other)).toBeUndefined()
  })
})

describe("package.json's lists", () => {
  it("hold every package Porthole's own code imports in dependencies", () => {
    expect(product.size).toBeGreaterThan(500)
    const misplaced = [...packagesImported(product)]
      .filter(([name]) => !dependencies.has(name))
      .map(([name, file]) => `${name} (imported by ${file})`)
    expect(misplaced).toEqual([])
  })

  it("hold in dependencies only what Porthole's own code imports", () => {
    const imported = packagesImported(product)
    expect([...dependencies].filter((name) => !imported.has(name))).toEqual([])
  })

  it('declare every package any file imports, the tests, bench, scripts and builds included', () => {
    const undeclared = [...packagesImported(everywhere)]
      .filter(([name]) => !declared.has(name))
      .map(([name, file]) => `${name} (imported by ${file})`)
    expect(undeclared).toEqual([])
  })
})
