import { type ChildProcess, spawn } from 'node:child_process'

// One way to run a server in a child process and know its URL, shared by the tests
// (backend instances, kill -9) and the benchmark (kit/processes.ts, run with tsx):
// no test-runner imports here.

/** A server in its own process that printed "listening on <url>". */
export type ListeningProcess = {
  url: string
  pid: number
  child: ChildProcess
  /** What it wrote to stderr so far (the last 20,000 characters). */
  output(): string
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
  stop(): Promise<void>
  /** kill -9: no graceful shutdown; resolves once the process is gone. */
  kill(): Promise<void>
}

export type ListeningProcessOptions = {
  /** Node's arguments: flags, then the script. */
  args: string[]
  /** Added to this process's environment. */
  env?: Record<string, string>
  cwd?: string
  /** How long it may take to print its URL; default 60 s. */
  timeoutMs?: number
  /** Names the process in errors; default the last argument. */
  name?: string
  /** A command that runs node, put before it, e.g. `['prlimit', '--nofile=320:320', '--']`. */
  wrap?: string[]
  /** Called with the child as soon as it is spawned (e.g. to stop it when the caller exits). */
  onSpawn?: (child: ChildProcess) => void
}

const LISTENING = /listening on [^\n]*?(http:\/\/[^\s,)]+)/
const KEPT_OUTPUT = 20_000

/** Starts `node <args>` and resolves once it prints "listening on <url>" to stderr. */
export function startListeningProcess(options: ListeningProcessOptions): Promise<ListeningProcess> {
  const name = options.name ?? options.args.at(-1) ?? 'node'
  const timeoutMs = options.timeoutMs ?? 60_000
  const [command, ...wrapArgs] = [...(options.wrap ?? []), process.execPath]
  const child = spawn(command ?? process.execPath, [...wrapArgs, ...options.args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  options.onSpawn?.(child)
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(
      () => fail(new Error(`did not start within ${timeoutMs / 1000} s`)),
      timeoutMs,
    )
    function fail(error: Error) {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`${name}: ${error.message}\n${output}`))
    }
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (chunk: string) => {
      output += chunk
      if (output.length > KEPT_OUTPUT) output = output.slice(-KEPT_OUTPUT)
      const url = LISTENING.exec(output)?.[1]
      if (!url || child.pid === undefined) return
      clearTimeout(timer)
      resolve({
        url,
        pid: child.pid,
        child,
        output: () => output,
        stop: () => stopProcess(child),
        kill: () => killProcess(child),
      })
    })
    child.once('exit', (code, signal) => fail(new Error(`exited (${code ?? signal})`)))
  })
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
export function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (hasExited(child)) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** kill -9; resolves once the process is gone. */
export function killProcess(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}
