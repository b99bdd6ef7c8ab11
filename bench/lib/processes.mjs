// Child processes of the benchmark: each server runs alone in its own process so its
// memory is measured alone, and every child is stopped when the run ends.
import { fork, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

const children = new Set()

/** Starts `node <script>` and resolves with its URL once it prints "listening on <url>". */
export function startNodeServer(script, { env = {}, args = [], nodeArgs = [] } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  children.add(child)
  child.once('exit', () => children.delete(child))
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => fail(new Error('did not start within 60 s')), 60_000)
    function fail(error) {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`${script}: ${error.message}\n${output}`))
    }
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk) => {
      output += chunk
      if (output.length > 20_000) output = output.slice(-20_000)
      const match = /listening on (http:\/\/[^\s,)]+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve({
          url: match[1],
          pid: child.pid,
          stop: () => stopChild(child),
          output: () => output,
        })
      }
    })
    child.once('exit', (code, signal) => fail(new Error(`exited (${code ?? signal})`)))
  })
}

/** The load generator: a forked process driven by messages, so its work never runs in a server's process. */
export function startLoadGenerator(script) {
  // --expose-gc: the generator collects its own garbage before each timed phase, so its
  // pauses are not counted as the server's latency.
  const child = fork(script, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: ['--expose-gc'],
  })
  children.add(child)
  child.once('exit', () => children.delete(child))
  let next = 0
  const waiting = new Map()
  child.on('message', (message) => {
    const pending = waiting.get(message.seq)
    if (!pending) return
    waiting.delete(message.seq)
    if (message.error) pending.reject(new Error(message.error))
    else pending.resolve(message.result)
  })
  child.once('exit', (code) => {
    for (const pending of waiting.values())
      pending.reject(new Error(`load generator exited (${code})`))
  })
  return {
    call(command, options = {}) {
      next += 1
      const seq = next
      return new Promise((resolve, reject) => {
        waiting.set(seq, { resolve, reject })
        child.send({ seq, command, options })
      })
    },
    stop: () => stopChild(child),
  }
}

/** Resident set size of a process in bytes, from /proc (Linux). */
export function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = /VmRSS:\s+(\d+) kB/.exec(status)
  if (!match) throw new Error(`no VmRSS for process ${pid}`)
  return Number(match[1]) * 1024
}

/** The soft limit on open files of this process (children inherit it). */
export function openFileLimit() {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8')
    const match = /Max open files\s+(\d+|unlimited)/.exec(limits)
    if (!match) return Number.POSITIVE_INFINITY
    return match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1])
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

export function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

export async function stopAll() {
  await Promise.all([...children].map(stopChild))
}

// However the run ends, no child is left behind.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})
