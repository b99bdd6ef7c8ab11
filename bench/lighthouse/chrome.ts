// The system Chromium with a DevTools port for Lighthouse: started here (no downloaded
// browser, no undeclared launcher package), on loopback, in a throw-away profile.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_FLAGS } from '../../kit/chromium'

export type DebuggableChrome = { port: number; stop(): Promise<void> }

const DEVTOOLS_LINE = /DevTools listening on ws:\/\/[^:]+:(\d+)\//

/** The port Chromium printed on stderr, or undefined while it has not printed it yet. */
export function devtoolsPort(stderr: string): number | undefined {
  const match = DEVTOOLS_LINE.exec(stderr)
  return match ? Number(match[1]) : undefined
}

export async function launchDebuggableChrome(executablePath: string): Promise<DebuggableChrome> {
  const profile = mkdtempSync(join(tmpdir(), 'porthole-bench-chrome-'))
  const child = spawn(
    executablePath,
    [
      '--headless=new',
      ...CHROMIUM_FLAGS,
      '--remote-debugging-port=0',
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const stop = async () => {
    await terminate(child)
    rmSync(profile, { recursive: true, force: true })
  }
  try {
    const port = await waitForPort(child)
    return { port, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

function waitForPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let stderr = ''
    const timer = setTimeout(() => fail('did not open its DevTools port within 30 s'), 30_000)
    function fail(reason: string) {
      clearTimeout(timer)
      reject(new Error(`chromium ${reason}\n${stderr.slice(-2000)}`))
    }
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk
      const port = devtoolsPort(stderr)
      if (port !== undefined) {
        clearTimeout(timer)
        resolve(port)
      }
    })
    child.once('exit', (code, signal) => fail(`exited (${code ?? signal})`))
  })
}

function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}
