import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// No import circles in server/ and shared/, nor in widget/, studio/ and demo/ (the
// browser apps and the sandbox): every relative import and re-export of each .ts/.tsx
// file counts (type-only ones too: a type circle still ties two files together, and the
// next value import along it fails at load time). A dynamic `import('./x')` is not an
// edge: it is a lazily loaded chunk's boundary. A circle is closed by moving the one
// type or function both sides need to the file that owns it.

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g

function sourceFiles(dir: string): string[] {
  const files: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path))
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(path)
  }
  return files
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier)
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    base.replace(/\.js$/, '.ts'),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  return undefined
}

/** Each file of `dirs` (under `root`) with the files of `dirs` it imports, by path from root. */
function importGraph(root: string, dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  const files = dirs.flatMap((dir) => sourceFiles(join(root, dir)))
  const inside = new Set(files)
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    const targets = new Set<string>()
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? '')
      if (target && inside.has(target)) targets.add(relative(root, target))
    }
    graph.set(relative(root, file), [...targets].sort())
  }
  return graph
}

/** The circles of `graph`: each strongly connected group of two or more files (Tarjan). */
function importCircles(graph: Map<string, string[]>): string[][] {
  let index = 0
  const indexes = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (node: string): void => {
    indexes.set(node, index)
    low.set(node, index)
    index += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indexes.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indexes.get(next) ?? 0))
      }
    }
    if (low.get(node) !== indexes.get(node)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    const selfLoop = group.length === 1 && (graph.get(node) ?? []).includes(node)
    if (group.length > 1 || selfLoop) circles.push(group.sort())
  }
  for (const node of [...graph.keys()].sort()) if (!indexes.has(node)) visit(node)
  return circles.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''))
}

const root = fileURLToPath(new URL('../../', import.meta.url))

const VALUE_IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g

/**
 * The floors of server/: its folders (and each file at its top on its own) linked by the
 * value imports between them. Type-only imports are left out: they are erased when the
 * code is built, so the routes may name the runtime's type while the runtime loads them.
 */
function serverFolders(): Map<string, string[]> {
  const folderOf = (file: string) => {
    const [, folder = '', rest] = /^server\/([^/]+)(\/.*)?$/.exec(file) ?? []
    return rest ? folder : `~${folder}`
  }
  const folders = new Map<string, Set<string>>()
  for (const file of sourceFiles(join(root, 'server'))) {
    const from = folderOf(relative(root, file))
    const targets = folders.get(from) ?? new Set<string>()
    folders.set(from, targets)
    for (const match of readFileSync(file, 'utf8').matchAll(VALUE_IMPORT)) {
      const target = resolveImport(file, match[1] ?? '')
      const to = target && folderOf(relative(root, target))
      if (to && to !== from && target.startsWith(join(root, 'server'))) targets.add(to)
    }
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets].sort()]))
}

describe('import circles', () => {
  it('finds a circle, a self-import and none in a chain (the checker itself)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', ['a.ts']],
    ])
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']])
    expect(
      importCircles(
        new Map([
          ['x.ts', ['y.ts']],
          ['y.ts', []],
        ]),
      ),
    ).toEqual([])
  })

  it('reads type-only imports, re-exports and multi-line imports as edges', () => {
    const graph = importGraph(root, ['server/logging'])
    // logger.ts imports error-fields.ts (a value and a type, on one line or several).
    expect(graph.get('server/logging/logger.ts')).toContain('server/logging/error-fields.ts')
    expect(graph.size).toBeGreaterThan(3)
  })

  it('has none in server/ and shared/', () => {
    const graph = importGraph(root, ['server', 'shared'])
    expect(graph.size).toBeGreaterThan(200)
    expect(importCircles(graph)).toEqual([])
  })

  it("has none between server/'s folders, counting value imports (each folder a floor)", () => {
    const folders = serverFolders()
    expect(folders.get('api')).toContain('session')
    expect(folders.size).toBeGreaterThan(20)
    expect(importCircles(folders)).toEqual([])
  })

  it('has none in widget/, studio/ and demo/', () => {
    const graph = importGraph(root, ['widget', 'studio', 'demo'])
    expect(graph.size).toBeGreaterThan(250)
    expect(importCircles(graph)).toEqual([])
  })
})
