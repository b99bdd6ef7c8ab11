export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export type LogFields = Record<string, unknown>

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
  write?: (line: string) => void
  now?: () => number
}

function errorFields(value: unknown): unknown {
  if (value instanceof Error)
    return { name: value.name, message: value.message, stack: value.stack }
  return value
}

/**
 * A JSON-lines logger. Every line passes through redaction, so a secret that slips
 * into a message or a field is still never written.
 *
 * @example createLogger({ secrets: [config.sessionSecret] }).info('listening', { port })
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const min = LOG_LEVELS.indexOf(options.level ?? 'info')
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`))
  const now = options.now ?? Date.now
  // Longest first, so a secret that contains another is replaced whole.
  const secrets = [...new Set(options.secrets ?? [])]
    .filter((s) => s.length >= 4)
    .sort((a, b) => b.length - a.length)

  // Each secret as it may appear in a line: itself, JSON-escaped, and percent-encoded
  // (a token inside a URL), JSON-escaped too.
  const forms = secrets.flatMap((secret) => {
    const uri = encodeURIComponent(secret)
    return [...new Set([secret, uri].flatMap((form) => [form, JSON.stringify(form).slice(1, -1)]))]
  })

  function redact(line: string): string {
    let out = line
    for (const form of forms) if (out.includes(form)) out = out.split(form).join('[redacted]')
    return out
  }

  function make(base: LogFields): Logger {
    const log =
      (level: LogLevel) =>
      (msg: string, fields: LogFields = {}) => {
        if (LOG_LEVELS.indexOf(level) < min) return
        const record: LogFields = { time: new Date(now()).toISOString(), level, msg, ...base }
        for (const [key, value] of Object.entries(fields)) record[key] = errorFields(value)
        write(redact(JSON.stringify(record)))
      }
    return {
      debug: log('debug'),
      info: log('info'),
      warn: log('warn'),
      error: log('error'),
      child: (fields) => make({ ...base, ...fields }),
    }
  }
  return make({})
}

/** A logger that writes nothing (tests that do not look at logs). */
export const silentLogger: Logger = createLogger({ write: () => {} })
