import { type DestinationStream, type Logger as PinoLogger, pino } from 'pino'
import { type LogFields, withErrorFields } from './error-fields'
import { createSecretMask, REDACTED } from './secret-mask'
import { textLine } from './text-line'

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export type { LogFields } from './error-fields'

/** Structured logging: one JSON object per line. */
export type Logger = {
  debug(msg: string, fields?: LogFields): void
  info(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
  /** A logger that adds `fields` (e.g. requestId) to every line. */
  child(fields: LogFields): Logger
}

export type LoggerOptions = {
  level?: LogLevel
  /** Values that must never be written (secrets, CHANNEL_URL): replaced by [redacted]. */
  secrets?: readonly string[]
  /** Receives each line without its newline; default: stdout. */
  write?: (line: string) => void
  now?: () => number
  /**
   * `json` (default): one JSON object per line. `text`: the message, then the fields
   * (an error as its stack), for a person at a console (the sandbox).
   */
  format?: 'json' | 'text'
}

// Credentials under these keys are masked whatever their value (a visitor's bearer
// token is no configured secret): pino's path redaction, on top of the value masking.
// Exact paths only: a wildcard path (`*.authorization`) costs pino several µs per line.
const REDACTED_PATHS = ['authorization', 'cookie', 'headers.authorization', 'headers.cookie']

/**
 * A JSON-lines logger on pino: `{"level","time","msg",...fields}`. Every line passes
 * through the secret mask just before it is written, so a secret that slips into a
 * message, a field, an error's stack or a request path is still never written.
 *
 * @example createLogger({ secrets: [config.sessionSecret] }).info('listening', { port })
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const now = options.now ?? Date.now
  const mask = createSecretMask(options.secrets ?? [])
  const root = pino(
    {
      level: options.level ?? 'info',
      base: null,
      messageKey: 'msg',
      timestamp: () => `,"time":"${new Date(now()).toISOString()}"`,
      formatters: {
        level: (label) => ({ level: label }),
        bindings: withErrorFields,
        log: withErrorFields,
      },
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
      hooks: { streamWrite: mask },
    },
    destination(options),
  )
  return wrap(root)
}

function destination(options: LoggerOptions): DestinationStream {
  const format = options.format === 'text' ? textLine : (line: string) => line
  const { write } = options
  if (!write) {
    if (options.format !== 'text') return pino.destination({ dest: 1, sync: true })
    return { write: (line) => process.stdout.write(`${format(line.trimEnd())}\n`) }
  }
  return { write: (line) => write(format(line.endsWith('\n') ? line.slice(0, -1) : line)) }
}

function wrap(root: PinoLogger): Logger {
  // The level is fixed at creation: a line below it costs one property read.
  const enabled = {
    debug: root.isLevelEnabled('debug'),
    info: root.isLevelEnabled('info'),
    warn: root.isLevelEnabled('warn'),
    error: root.isLevelEnabled('error'),
  }
  return lazyChild(root, enabled, undefined)
}

// A pino child serializes its bindings when it is made (µs): a request's child logger is
// made only when it first writes a line, so a delivered webhook, whose access line is at
// debug, never pays for it. Nested children bind once, from the root.
function lazyChild(
  root: PinoLogger,
  enabled: Readonly<Record<LogLevel, boolean>>,
  bindings: LogFields | undefined,
): Logger {
  let made: PinoLogger | undefined
  const write = (level: LogLevel, msg: string, fields: LogFields | undefined) => {
    made ??= bindings ? root.child(bindings) : root
    if (fields) made[level](fields, msg)
    else made[level](msg)
  }
  return {
    debug: (msg, fields) => enabled.debug && write('debug', msg, fields),
    info: (msg, fields) => enabled.info && write('info', msg, fields),
    warn: (msg, fields) => enabled.warn && write('warn', msg, fields),
    error: (msg, fields) => enabled.error && write('error', msg, fields),
    child: (fields) => lazyChild(root, enabled, bindings ? { ...bindings, ...fields } : fields),
  }
}

/** A logger that writes nothing (tests that do not look at logs). */
export const silentLogger: Logger = createLogger({ write: () => {} })
