// The messages between bench/run.ts and its forked load generator (bench/load/main.ts):
// each command's options and result as a schema, so both sides parse what they receive
// and a typo in a command name is a type error, not a silent hang.
import { z } from 'zod'

const Delay = z.object({ p99: z.number(), max: z.number() })

export const LOAD_COMMANDS = {
  /** New visitors through POST /api/session (Porthole) or made-up ids (raw baseline). */
  visitors: {
    options: z.object({ base: z.string(), count: z.number().int(), porthole: z.boolean() }),
    result: z.object({ count: z.number() }),
  },
  /** One idle SSE stream per visitor. */
  open: {
    options: z.object({ base: z.string(), porthole: z.boolean() }),
    result: z.object({ opened: z.number(), failed: z.number() }),
  },
  closeAll: {
    options: z.object({}),
    result: z.object({ closed: z.number() }),
  },
  /** Webhooks at a fixed rate to random connected visitors; latency to their SSE stream. */
  steady: {
    options: z.object({
      hookUrl: z.string(),
      rate: z.number(),
      seconds: z.number(),
      graceMs: z.number(),
    }),
    result: z.object({
      sent: z.number(),
      acked: z.number(),
      unanswered: z.number(),
      delivered: z.number(),
      lost: z.number(),
      duplicates: z.number(),
      p50: z.number().optional(),
      p99: z.number().optional(),
      max: z.number().optional(),
      loadGeneratorDelay: Delay,
    }),
  },
  /** Closed loop: `concurrency` senders as fast as acks come back, for `seconds`. */
  max: {
    options: z.object({
      hookUrl: z.string(),
      seconds: z.number(),
      concurrency: z.number().int(),
      graceMs: z.number(),
    }),
    result: z.object({
      sent: z.number(),
      acked: z.number(),
      delivered: z.number(),
      lost: z.number(),
      duplicates: z.number(),
      seconds: z.number(),
    }),
  },
  /** `count` visitors each polling GET /api/status every `pollSeconds`, for `seconds`. */
  status: {
    options: z.object({
      base: z.string(),
      count: z.number().int(),
      seconds: z.number(),
      pollSeconds: z.number(),
    }),
    result: z.object({ requests: z.number(), ok: z.number(), failed: z.number() }),
  },
} as const

export type LoadCommand = keyof typeof LOAD_COMMANDS
export type LoadOptions<C extends LoadCommand> = z.infer<(typeof LOAD_COMMANDS)[C]['options']>
export type LoadResult<C extends LoadCommand> = z.infer<(typeof LOAD_COMMANDS)[C]['result']>
export type SteadyResult = LoadResult<'steady'>
export type MaxResult = LoadResult<'max'>

const COMMAND_NAMES = Object.keys(LOAD_COMMANDS) as [LoadCommand, ...LoadCommand[]]

/** Parent → generator. */
export const LoadRequest = z.object({
  seq: z.number().int(),
  command: z.enum(COMMAND_NAMES),
  options: z.unknown(),
})
export type LoadRequest = z.infer<typeof LoadRequest>

/** Generator → parent: the result of request `seq`, or why it failed. */
export const LoadReply = z.union([
  z.object({ seq: z.number().int(), result: z.unknown() }),
  z.object({ seq: z.number().int(), error: z.string() }),
])
export type LoadReply = z.infer<typeof LoadReply>
