// The messages between the capacity phase (bench/capacity/scale.ts) and its stream
// holders (bench/capacity/holder.ts): each command's options and result as a schema,
// parsed on both sides, as bench/load/protocol.ts does for the load generator.
import { z } from 'zod'

export const HOLDER_COMMANDS = {
  /** `count` visitors made through POST /api/session on `base` (Porthole), or made-up ids (raw). */
  visitors: {
    options: z.object({ base: z.string(), count: z.number().int(), porthole: z.boolean() }),
    result: z.object({ count: z.number() }),
  },
  /** One idle stream per visitor, from this holder's loopback addresses to `bases` in turn. */
  open: {
    options: z.object({ bases: z.array(z.string()), porthole: z.boolean() }),
    result: z.object({ opened: z.number(), failed: z.number(), firstFailure: z.string() }),
  },
  /** Forget the status events seen so far; the next ones are timed. */
  watchStatus: { options: z.object({}), result: z.object({ streams: z.number() }) },
  /** How many streams saw a status event since watchStatus, and when the last one did. */
  statusSeen: {
    options: z.object({}),
    result: z.object({ seen: z.number(), lastAt: z.number().optional() }),
  },
  /** The visitor ids this holder's streams belong to (for the webhook sender). */
  ids: { options: z.object({}), result: z.object({ ids: z.array(z.string()) }) },
  /**
   * Webhooks at `rate` per second for `seconds` to random visitors of `ids`, to the
   * hook URLs in turn; each carries its send time, so a holder times its arrival.
   */
  steady: {
    options: z.object({
      hookUrls: z.array(z.string()),
      ids: z.array(z.string()),
      rate: z.number(),
      seconds: z.number(),
      firstSeq: z.number().int(),
    }),
    result: z.object({ sent: z.number(), acked: z.array(z.number()), unanswered: z.number() }),
  },
  /** The webhooks' marks seen on this holder's streams: seq and latency (ms) of each. */
  deliveries: {
    options: z.object({}),
    result: z.object({
      seqs: z.array(z.number()),
      latencies: z.array(z.number()),
      duplicates: z.number(),
    }),
  },
  /**
   * Moves `count` streams to `bases` in turn: each is closed and opened again with the
   * newest event id it received as Last-Event-ID, as a browser does when its instance goes.
   */
  move: {
    options: z.object({ count: z.number().int(), bases: z.array(z.string()) }),
    result: z.object({ moved: z.number(), failed: z.number() }),
  },
  closeAll: { options: z.object({}), result: z.object({ closed: z.number() }) },
  /** Heartbeat pings this holder's streams have heard so far, every stream and instance. */
  pings: { options: z.object({}), result: z.object({ pings: z.number() }) },
} as const

const PING = Buffer.from(': ping\n\n', 'latin1')

/** The heartbeat pings in a chunk a stream received (coalesced pings count each). */
export function countPings(chunk: Buffer): number {
  let count = 0
  for (let at = chunk.indexOf(PING); at !== -1; at = chunk.indexOf(PING, at + PING.length))
    count += 1
  return count
}

export type HolderCommand = keyof typeof HOLDER_COMMANDS
export type HolderOptions<C extends HolderCommand> = z.infer<(typeof HOLDER_COMMANDS)[C]['options']>
export type HolderResult<C extends HolderCommand> = z.infer<(typeof HOLDER_COMMANDS)[C]['result']>

const NAMES = Object.keys(HOLDER_COMMANDS) as [HolderCommand, ...HolderCommand[]]

export const HolderRequest = z.object({
  seq: z.number().int(),
  command: z.enum(NAMES),
  options: z.unknown(),
})
export type HolderRequest = z.infer<typeof HolderRequest>

export const HolderReply = z.union([
  z.object({ seq: z.number().int(), result: z.unknown() }),
  z.object({ seq: z.number().int(), error: z.string() }),
])

/** The text of webhook `seq` sent at `at` (ms since the epoch, fractional). */
export const markText = (seq: number, at: number) => `cap#${seq}#${at.toFixed(3)}# reply`
export const MARK = /cap#(\d+)#([\d.]+)#/g
