import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { findRepoRoot } from '../../server/assets/repo-root'

const root = findRepoRoot()

/**
 * Runs an entry file of the repository (`server/main.ts`, `demo/start.ts`) through tsx with
 * exactly `env` (and PATH), collecting what it prints.
 */
export function runEntry(entry: string, env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, entry)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const out = { stdout: '', stderr: '' }
  child.stdout.on('data', (chunk: Buffer) => {
    out.stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    out.stderr += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, out, exited }
}
