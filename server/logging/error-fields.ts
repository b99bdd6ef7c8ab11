/** A log line's fields (logger.ts re-exports it for every caller). */
export type LogFields = Record<string, unknown>

export type ErrorFields = { name: string; message: string; code?: string; stack?: string }

/**
 * An Error as a log field: name, message, stack and its `code` when it has a string one
 * (every PortholeError, Node's system errors). JSON.stringify would write `{}`.
 */
export function errorFields(error: Error): ErrorFields {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined
  return {
    name: error.name,
    message: error.message,
    ...(code === undefined ? {} : { code }),
    ...(error.stack === undefined ? {} : { stack: error.stack }),
  }
}

/** `fields` with every Error value (first level) described by errorFields(). */
export function withErrorFields(fields: LogFields): LogFields {
  let out: LogFields | undefined
  for (const key in fields) {
    const value = fields[key]
    if (!(value instanceof Error)) continue
    out ??= { ...fields }
    out[key] = errorFields(value)
  }
  return out ?? fields
}
