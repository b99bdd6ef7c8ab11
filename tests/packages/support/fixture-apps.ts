import { spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The app package as a site owner gets it: `npm pack`ed, unpacked into fixture apps built
// here, their other dependencies (React, Vue, their types) linked from the repository's
// node_modules, so nothing is fetched from the network.

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
export const PACKAGE_DIR = join(ROOT, 'packages/porthole')
const FIXTURES = join(ROOT, 'tests/packages/fixtures')
const LINKED = ['react', 'react-dom', '@types/react', '@types/react-dom', '@types/node', 'vue']

/** Runs a command; throws with its output when it fails. */
export function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 90_000 })
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
    )
  return result.stdout
}

/** `npm pack` of the built package into a new temp dir; returns the dir and the tarball. */
export function packPackage(): { dir: string; tarball: string } {
  if (!existsSync(join(PACKAGE_DIR, 'dist/index.js')))
    throw new Error('packages/porthole/dist is missing: run `npm run build` first')
  const dir = mkdtempSync(join(tmpdir(), 'porthole-package-'))
  run('npm', ['pack', '--pack-destination', dir, '--ignore-scripts', '--silent'], PACKAGE_DIR)
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'))
  if (!tarball) throw new Error(`npm pack left no tarball in ${dir}`)
  return { dir, tarball: join(dir, tarball) }
}

/**
 * Copies fixture `name` into `dir/name` with the tarball unpacked as
 * node_modules/@porthole/chat (as `npm install <tarball>` puts it) and the shared
 * dependencies linked. Returns the app's folder.
 */
export function setUpFixture(name: string, dir: string, tarball: string): string {
  const app = join(dir, name)
  cpSync(join(FIXTURES, name), app, { recursive: true })
  cpSync(join(app, 'tsconfig.fixture.json'), join(app, 'tsconfig.json'))
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: `fixture-${name}`, private: true, type: 'module' }),
  )
  const installed = join(app, 'node_modules/@porthole/chat')
  mkdirSync(installed, { recursive: true })
  run('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'], app)
  for (const dependency of LINKED) {
    const target = join(app, 'node_modules', dependency)
    mkdirSync(join(target, '..'), { recursive: true })
    symlinkSync(join(ROOT, 'node_modules', dependency), target, 'dir')
  }
  return app
}

/** `tsc --strict` (the fixture's tsconfig.json is strict) with the repository's TypeScript. */
export function typeCheck(app: string): void {
  run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '--strict', '-p', app], app)
}

/** Runs a fixture's server render (TypeScript through tsx); returns what it printed. */
export function serverRender(app: string, file: string): { html: string; touched: string[] } {
  const out = run(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), file], app)
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}')
}
