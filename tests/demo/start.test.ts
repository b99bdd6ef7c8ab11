import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { freePort } from '../../demo/launch/free-port'
import { findRepoRoot } from '../../server/assets/repo-root'
import { runEntry } from '../support/run-entry'
import { useTempDirs } from '../support/temp-dirs'

const root = findRepoRoot()
const tempDir = useTempDirs('porthole-start-')

/** Runs demo/start.ts (what `npm start` runs after the build) through tsx. */
function runDemo(env: Record<string, string>) {
  return runEntry('demo/start.ts', env)
}

describe('demo/start.ts (npm start)', () => {
  it('prints both URLs, serves them, and stops cleanly on Ctrl-C', async () => {
    const dataDir = tempDir()
    const [port, sandboxPort] = [await freePort('127.0.0.1'), await freePort('127.0.0.1')]
    const { child, out, exited } = runDemo({
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      PORTHOLE_DATA_DIR: dataDir,
    })
    await vi.waitFor(() => expect(out.stdout).toContain('Press Ctrl-C to stop.'), {
      timeout: 30_000,
      interval: 100,
    })
    expect(out.stdout).toContain(`Demo site with the widget:  http://localhost:${port}/`)
    expect(out.stdout).toContain(`Agent console (sandbox):    http://localhost:${sandboxPort}/`)
    expect(out.stdout).toContain('What to try:')
    // The steps name the console's own button (issue 35, defect 12).
    expect(out.stdout).toContain('press Accept chat,')
    expect(readFileSync(join(root, 'demo/console/src/Thread.tsx'), 'utf8')).toContain('Accept chat')
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200)
    expect((await fetch(`http://127.0.0.1:${sandboxPort}/console/api/channels`)).status).toBe(200)

    child.kill('SIGINT')
    expect(await exited).toBe(0)
    expect(out.stdout).toContain('Stopped.')
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow()
  }, 60_000)

  it('refuses a bad port variable with a clear message', async () => {
    const { out, exited } = runDemo({ PORT: 'eighty', PORTHOLE_DATA_DIR: join(tmpdir(), 'unused') })
    expect(await exited).toBe(1)
    expect(out.stderr.trim()).toBe('PORT must be a port number from 1 to 65535, got "eighty"')
  }, 30_000)

  it('says how to recover from a damaged sandbox state file, without a stack trace', async () => {
    const dataDir = tempDir()
    writeFileSync(join(dataDir, 'sandbox.json'), '{ this is not json')
    const { out, exited } = runDemo({
      PORT: String(await freePort('127.0.0.1')),
      SANDBOX_PORT: String(await freePort('127.0.0.1')),
      PORTHOLE_DATA_DIR: dataDir,
    })
    expect(await exited).toBe(1)
    expect(out.stderr).toContain('sandbox.json is not valid JSON')
    expect(out.stderr).toContain('delete it to start with a fresh channel')
    expect(out.stderr).not.toMatch(/\n\s+at /)
  }, 30_000)
})
