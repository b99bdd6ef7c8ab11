import { z } from 'zod'

const Record = z.record(z.string(), z.unknown())
const Described = z.object({ stack: z.string() })

/**
 * One JSON log line as a person reads it at a console: the message, then each field
 * (`key=value`, an error as its stack), without time and level.
 *
 * @example textLine('{"level":"warn","time":"…","msg":"sandbox: saved","file":"a.json"}')
 * // 'sandbox: saved file="a.json"'
 */
export function textLine(json: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return json
  }
  const record = Record.safeParse(parsed)
  if (!record.success) return json
  const { msg, level: _level, time: _time, ...fields } = record.data
  const parts = [typeof msg === 'string' ? msg : '']
  const stacks: string[] = []
  for (const [key, value] of Object.entries(fields)) {
    const error = Described.safeParse(value)
    if (error.success) stacks.push(error.data.stack)
    else parts.push(`${key}=${JSON.stringify(value)}`)
  }
  return [parts.join(' '), ...stacks].join('\n')
}
