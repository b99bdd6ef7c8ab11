import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const children: ChildProcess[] = []
const dirs: string[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/sandbox/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (part: Buffer) => {
    output += part.toString()
  })
  child.stderr?.on('data', (part: Buffer) => {
    output += part.toString()
  })
  const until = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const check = () => (output.includes(text) ? resolve(output) : undefined)
      child.stdout?.on('data', check)
      child.on('exit', () =>
        reject(new Error(`the sandbox exited before printing "${text}":\n${output}`)),
      )
      check()
    })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, until, exited, output: () => output }
}

describe('npm run sandbox (demo/sandbox/main.ts)', () => {
  it('creates the default channel, prints its endpoint and webhook URL, and stops on Ctrl-C', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-main-'))
    dirs.push(dir)
    const stateFile = join(dir, 'sandbox.json')
    const sandbox = run({
      SANDBOX_PORT: '0',
      SANDBOX_SMTP_PORT: '0',
      SANDBOX_STATE_FILE: stateFile,
      SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:3999/hooks/abc',
    })
    const output = await sandbox.until('Press Ctrl-C')
    const endpoint = /Channel endpoint:\s+(\S+)/.exec(output)?.[1] ?? ''
    expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{20,}\/[A-Za-z0-9]+$/)
    expect(output).toMatch(
      /Delivers agent messages \(A3\) to: http:\/\/127\.0\.0\.1:3999\/hooks\/abc\/[A-Za-z0-9]+/,
    )
    expect(output).toMatch(/Agent console:\s+http:\/\/127\.0\.0\.1:\d+\//)
    expect(output).toMatch(/SMTP server:\s+smtp:\/\/127\.0\.0\.1:\d+ /)
    // Anna is online on the default channel.
    expect(await (await fetch(`${endpoint}/status`)).text()).toBe('1')
    sandbox.child.kill('SIGINT')
    expect(await sandbox.exited).toBe(0)
    const saved = JSON.parse(readFileSync(stateFile, 'utf8'))
    expect(saved.channels.map((channel: { name: string }) => channel.name)).toEqual(['Website'])
    expect(
      saved.agents.map((agent: { name: string; online: boolean }) => [agent.name, agent.online]),
    ).toEqual([
      ['Anna', true],
      ['Boris', false],
    ])
  }, 60_000)

  it('names SANDBOX_SMTP_PORT when its SMTP port is taken', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const address = taken.address()
    const port = typeof address === 'object' && address ? address.port : 0
    try {
      const sandbox = run({ SANDBOX_PORT: '0', SANDBOX_SMTP_PORT: String(port) })
      expect(await sandbox.exited).toBe(1)
      expect(sandbox.output()).toContain(
        `SMTP server could not listen on 127.0.0.1:${port} (EADDRINUSE): choose another with SANDBOX_SMTP_PORT`,
      )
      expect(sandbox.output()).not.toContain('SMTP server error')
    } finally {
      taken.close()
    }
  })

  it('refuses an invalid SANDBOX_PORT with a clear message', async () => {
    const sandbox = run({ SANDBOX_PORT: 'eighty' })
    expect(await sandbox.exited).not.toBe(0)
    await expect(sandbox.until('SANDBOX_PORT must be a port number')).resolves.toContain('"eighty"')
  }, 60_000)
})
