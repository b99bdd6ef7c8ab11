import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { findRepoRoot } from '../../server/assets/repo-root'
import { createTestEnv } from '../support/test-config'
import { REAL_WORK_TIMEOUT_MS } from '../support/timeouts'

// `npm run serve` as an orchestrator runs it: npm gets the SIGTERM. npm does not always
// pass a signal on to its script's shell, and a shell that forks the server leaves it
// running with the port taken; the script must exec the server so the signal reaches it.

const root = findRepoRoot()
// SHUTDOWN_TIMEOUT_SECONDS below, plus main.ts's 5 s backstop: the longest a stop may take.
const SHUTDOWN_SECONDS = 2
const STOP_WITHIN_MS = (SHUTDOWN_SECONDS + 5) * 1000
let server: { pid: number } | undefined
let npm: ChildProcess | undefined

/** Whether `pid` still runs: a zombie (exited, not yet reaped by its parent) does not. */
function alive(pid: number): boolean {
  try {
    // The state follows the command's closing parenthesis: "R", "S", … or "Z".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    if (existsSync('/proc/self/stat')) return false
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
}

describe('npm run serve', () => {
  beforeAll(async () => {
    // The built server, as the sources say now (the script runs dist/server/main.js).
    await build({ configFile: join(root, 'server/vite.config.ts'), logLevel: 'silent' })
  }, 60_000)

  afterEach(() => {
    // Whatever the outcome, nothing this test started keeps running.
    if (server && alive(server.pid)) process.kill(server.pid, 'SIGKILL')
    if (npm?.pid && alive(npm.pid)) npm.kill('SIGKILL')
  })

  it('stops the server when npm gets SIGTERM: the port frees within the shutdown time', async () => {
    const env = createTestEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_SECONDS),
    })
    const child = spawn('npm', ['run', '--silent', 'serve'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    npm = child
    const out = { stdout: '', stderr: '' }
    child.stdout?.on('data', (chunk: Buffer) => {
      out.stdout += chunk.toString()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      out.stderr += chunk.toString()
    })
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
    const url = await vi.waitFor(
      () => {
        const found = out.stderr.match(/listening on (http:\/\/\S+)/)?.[1]
        if (!found) throw new Error(`not listening yet:\n${out.stderr}`)
        return found
      },
      { timeout: REAL_WORK_TIMEOUT_MS, interval: 50 },
    )
    // The server's own pid, from its JSON log (pino writes it on every line).
    const listening = out.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg?: string; pid?: number })
      .find((line) => line.msg === 'listening')
    expect(listening?.pid).toBeTypeOf('number')
    server = { pid: listening?.pid ?? 0 }
    expect(server.pid).not.toBe(child.pid)
    expect((await fetch(`${url}/healthz`)).status).toBe(200)

    child.kill('SIGTERM')
    await exited
    // The server itself is gone and its port refuses connections.
    await vi.waitFor(
      async () => {
        await expect(fetch(`${url}/healthz`)).rejects.toThrow()
        expect(alive(server?.pid ?? 0)).toBe(false)
      },
      { timeout: STOP_WITHIN_MS, interval: 50 },
    )
    expect(out.stderr).toContain('SIGTERM: shutting down gracefully')
  }, 60_000)
})
