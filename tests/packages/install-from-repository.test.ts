import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { PACKAGE_DIR, packPackage, ROOT, run } from './support/fixture-apps'

// Issue 35, defect 6: `npm install @porthole/chat` 404s until the package is published, so
// the docs say how to install it from the repository. This runs their commands, in their
// words, offline: `npm pack` in packages/porthole, then `npm install <path>.tgz` in an app
// beside the clone, then the docs' imports type-checked and run against what npm installed.

const PAGE = join(ROOT, 'docs/site-owners/react-vue.md')
const page = readFileSync(PAGE, 'utf8')
const Manifest = z.looseObject({
  name: z.string(),
  version: z.string(),
  scripts: z.record(z.string(), z.string()),
  dependencies: z.record(z.string(), z.string()).optional(),
})
const manifest = Manifest.parse(JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')))

/** The shell lines of the page's `sh` blocks, in order. */
const shellLines = [...page.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, block = '']) =>
  block.split('\n').filter((line) => line.trim() !== ''),
)
/** The page's command that installs the packed tarball by its path. */
const installLine = shellLines.find((line) => /^npm install \S+\.tgz$/.test(line)) ?? ''
const tarballPath = installLine.slice('npm install '.length)

let dir = ''
let app = ''

beforeAll(() => {
  // The docs' layout: the clone beside the app; the tarball where `npm pack` writes it.
  if (!tarballPath)
    throw new Error(
      `${PAGE} shows no \`npm install <path>.tgz\` line (installing from the repository)`,
    )
  dir = mkdtempSync(join(tmpdir(), 'porthole-install-'))
  app = join(dir, 'my-app')
  mkdirSync(app)
  const packed = packPackage()
  const target = join(app, tarballPath)
  mkdirSync(dirname(target), { recursive: true })
  copyFileSync(packed.tarball, target)
  rmSync(packed.dir, { recursive: true, force: true })
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'my-app', private: true, type: 'module' }),
  )
})
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('installing @porthole/chat from the repository, as the docs say', () => {
  it('the docs pack it in packages/porthole and install the tarball of this version', () => {
    expect(shellLines).toEqual(expect.arrayContaining(['cd packages/porthole', 'npm pack']))
    expect(tarballPath).toBe(`../porthole/packages/porthole/porthole-chat-${manifest.version}.tgz`)
    // `npm pack` builds dist/ first, so a fresh clone packs a whole package.
    expect(manifest.scripts.prepack).toBe('node build.mjs')
  })

  it('npm installs the tarball offline, recording it as a file: dependency', () => {
    run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarballPath], app)
    const installed = Manifest.parse(
      JSON.parse(readFileSync(join(app, 'node_modules/@porthole/chat/package.json'), 'utf8')),
    )
    expect(installed.version).toBe(manifest.version)
    const own = Manifest.partial().parse(
      JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')),
    )
    expect(own.dependencies).toEqual({ '@porthole/chat': `file:${tarballPath}` })
  })

  it('the docs’ imports type-check with tsc --strict and run as ES modules', () => {
    // The app's own React and Vue (and their types), as an app has them.
    for (const dependency of ['react', 'react-dom', '@types/react', 'vue']) {
      const link = join(app, 'node_modules', dependency)
      mkdirSync(dirname(link), { recursive: true })
      symlinkSync(join(ROOT, 'node_modules', dependency), link, 'dir')
    }
    const imports = [
      ...new Set(
        [...page.matchAll(/^import \{([^}]+)\} from '(@porthole\/chat[^']*)'$/gm)].map(
          ([line]) => line,
        ),
      ),
    ]
    expect(imports.length).toBeGreaterThanOrEqual(3)
    // One module per import line, word for word (React's and Vue's names are the same).
    const modules = imports.map((line, index) => {
      const names = (/\{([^}]+)\}/.exec(line)?.[1] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith('type '))
      writeFileSync(
        join(app, `import-${index}.mts`),
        `${line}\nconsole.log([${names.join(', ')}].map((part) => typeof part).join(' '))\n`,
      )
      return { file: `out/import-${index}.mjs`, names }
    })
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          lib: ['ES2022', 'DOM'],
          strict: true,
          outDir: 'out',
          skipLibCheck: false,
          types: [],
        },
        include: ['*.mts'],
      }),
    )
    run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', app], app)
    for (const { file, names } of modules) {
      const printed = run(process.execPath, [join(app, file)], app).trim()
      // A function or a component object each: never undefined (a missing export).
      expect(printed.split(' '), file).toHaveLength(names.length)
      expect(printed.split(' '), file).not.toContain('undefined')
    }
  })
})
