import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'

// Every process the drill starts is registered here and killed when the drill ends,
// however it ends (normal exit, a failure, Ctrl-C).

const children = new Set<ChildProcess>()

export type Started = {
  child: ChildProcess
  /** The first match of `ready` in the output. */
  match: RegExpExecArray
  /** The last 20,000 characters it printed (both streams). */
  output(): string
}

export class ProcessStartError extends Error {
  override name = 'ProcessStartError' as const
  readonly code = 'process_start' as const
}

/** Spawns a process and resolves once its stdout or stderr matches `ready`. */
export function startProcess(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; ready: RegExp; what: string; timeoutMs?: number },
): Promise<Started> {
  const child = spawn(command, args, {
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  child.once('exit', () => children.delete(child))
  let output = ''
  const output_ = () => output
  return new Promise((resolve, reject) => {
    let settled = false
    const timer = setTimeout(
      () => fail(`did not start within ${(options.timeoutMs ?? 30_000) / 1000} s`),
      options.timeoutMs ?? 30_000,
    )
    function fail(why: string) {
      if (settled) return
      settled = true
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new ProcessStartError(`${options.what}: ${why}\n${output.slice(-4000)}`))
    }
    const onData = (chunk: string) => {
      output += chunk
      if (output.length > 20_000) output = output.slice(-20_000)
      const match = settled ? null : options.ready.exec(output)
      if (match) {
        settled = true
        clearTimeout(timer)
        resolve({ child, match, output: output_ })
      }
    }
    child.stdout?.setEncoding('utf8').on('data', onData)
    child.stderr?.setEncoding('utf8').on('data', onData)
    child.once('error', (error) => fail(error.message))
    child.once('exit', (code, signal) => fail(`exited (${code ?? signal})`))
  })
}

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null
}

/** Sends `signal` and resolves when the process has exited (SIGKILL after 10 s). */
export function stopProcess(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (!isRunning(child)) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill(signal)
  })
}

export async function stopAllProcesses(): Promise<void> {
  await Promise.all([...children].map((child) => stopProcess(child)))
}

const folders = new Set<string>()

/** A temporary folder removed when the drill exits, if nobody removed it before. */
export function removeOnExit(folder: string): () => void {
  folders.add(folder)
  return () => {
    folders.delete(folder)
    rmSync(folder, { recursive: true, force: true })
  }
}

// Whatever happens, no child outlives the drill, and no temporary data stays behind.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL')
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})
