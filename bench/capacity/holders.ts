// The parent's side of the stream holders (bench/capacity/holder.ts): enough holder
// processes for the streams wanted, each within its open-file limit and on loopback
// source addresses of its own (127.0.0.2, .3, ...), each call typed by its command.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { stopChild, track } from '../../kit/processes'
import {
  HOLDER_COMMANDS,
  type HolderCommand,
  type HolderOptions,
  HolderReply,
  type HolderRequest,
  type HolderResult,
} from './protocol'

/**
 * Sockets a holder binds to one loopback source address. An address has about 28,000
 * ephemeral ports, and those of sockets closed in the last minute (TIME_WAIT: an earlier
 * run's) are still taken: a quarter of them leaves room.
 */
const STREAMS_PER_ADDRESS = 7000
/** Descriptors a holder keeps for its own use (IPC, the webhook sender's sockets). */
const HOLDER_RESERVE = 300

export type Holder = {
  pid: number
  /** Streams this holder is meant to hold. */
  share: number
  call<C extends HolderCommand>(command: C, options: HolderOptions<C>): Promise<HolderResult<C>>
  stop(): Promise<void>
}

/** How many holders `streams` need, each within `openFileLimit`: the streams of each. */
export function holderShares(streams: number, openFileLimit: number): number[] {
  const perHolder = Math.max(1, Math.min(50_000, openFileLimit - HOLDER_RESERVE))
  const count = Math.ceil(streams / perHolder)
  return Array.from(
    { length: count },
    (_, i) => Math.floor(streams / count) + (i < streams % count ? 1 : 0),
  )
}

// Each run takes its addresses from its own part of 127.0.0.0/8 (all of it is loopback),
// so the ports a run just closed (in TIME_WAIT for a minute) are not the next run's.
const RUN_BLOCK = 1 + Math.floor(Math.random() * 250)
let nextAddress = 2

/** Starts one holder per share; each binds its sockets to loopback addresses of its own. */
export function startHolders(shares: number[], wrap: string[]): Holder[] {
  return shares.map((share) => {
    const count = Math.max(1, Math.ceil(share / STREAMS_PER_ADDRESS))
    const addresses = Array.from({ length: count }, () => {
      const n = nextAddress++
      return `127.${RUN_BLOCK}.${Math.floor(n / 250)}.${2 + (n % 250)}`
    })
    return startHolder(share, addresses, wrap)
  })
}

function startHolder(share: number, addresses: string[], wrap: string[]): Holder {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  const script = fileURLToPath(new URL('./holder.ts', import.meta.url))
  const [command, ...args] = [...wrap, process.execPath]
  const child = spawn(
    command ?? process.execPath,
    [...args, '--import', tsx, '--max-old-space-size=4096', script],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, HOLDER_ADDRESSES: addresses.join(',') },
    },
  )
  track(child)
  const waiting = new Map<
    number,
    { command: HolderCommand; resolve(value: unknown): void; reject(error: Error): void }
  >()
  let next = 0
  child.on('message', (message: unknown) => {
    const reply = HolderReply.safeParse(message)
    const pending = reply.success ? waiting.get(reply.data.seq) : undefined
    if (!reply.success || !pending) return
    waiting.delete(reply.data.seq)
    if ('error' in reply.data)
      return pending.reject(new Error(`${pending.command}: ${reply.data.error}`))
    const result = HOLDER_COMMANDS[pending.command].result.safeParse(reply.data.result)
    if (result.success) pending.resolve(result.data)
    else pending.reject(new Error(`${pending.command}: bad result: ${result.error.message}`))
  })
  child.once('exit', (code) => {
    for (const pending of waiting.values())
      pending.reject(new Error(`stream holder exited (${code}) during ${pending.command}`))
    waiting.clear()
  })
  if (child.pid === undefined) throw new Error('a stream holder did not start')
  return {
    pid: child.pid,
    share,
    call<C extends HolderCommand>(command: C, options: HolderOptions<C>) {
      next += 1
      const seq = next
      return new Promise<HolderResult<C>>((resolve, reject) => {
        // Parsed with HOLDER_COMMANDS[command].result above.
        waiting.set(seq, { command, resolve: (value) => resolve(value as HolderResult<C>), reject })
        const request: HolderRequest = { seq, command, options }
        child.send(request)
      })
    },
    stop: () => stopChild(child),
  }
}
