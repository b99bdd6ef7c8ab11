// The module specifiers the repository's source files import, read from their text: what
// the import rules (import-rules.test.ts) and the package lists (dependencies.test.ts)
// check.
import { readdirSync, readFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../../../', import.meta.url))
const SOURCE = /\.(?:ts|tsx|mts|js|mjs)$/

/** The module specifiers a source file imports (static, dynamic, side-effect, re-exports). */
export function importsOf(code: string): string[] {
  const patterns = [
    // import x from '…', import { a } from '…', import type …, export { a } from '…', export * from '…'
    /^\s*(?:import|export)\s[^'"`]*?\sfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*(?:import|export)\s*\*\s*from\s*['"]([^'"]+)['"]/gm,
    // import '…' (a side effect: a stylesheet, a polyfill)
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    // import('…')
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ]
  return [
    ...new Set(patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1] ?? ''))),
  ]
}

/** The source files under `folder` (a repository path), node_modules aside: path → code. */
export function sourcesUnder(
  folder: string,
  files = new Map<string, string>(),
): Map<string, string> {
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = posix.join(folder, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') sourcesUnder(path, files)
    } else if (SOURCE.test(entry.name)) files.set(path, readFileSync(join(root, path), 'utf8'))
  }
  return files
}

/** An npm package's name, scoped or not, then any path inside the package. */
const PACKAGE = /^((?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*)(?:\/|$)/

/**
 * The npm package a specifier names (`@scope/name/sub` → `@scope/name`, `name/sub` →
 * `name`), or undefined for a relative path, a Node built-in, a URL or anything that is
 * not a package's name (a placeholder in a comment).
 */
export function packageOf(specifier: string): string | undefined {
  if (/^[a-z]+:/.test(specifier) || isBuiltin(specifier)) return undefined
  return PACKAGE.exec(specifier)?.[1]
}
