import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { z } from 'zod'
import { describeIssues } from '../../shared/protocol/errors'

const OWNER_ONLY = 0o600

/**
 * Writes a file that holds secrets, readable and writable by its owner only. The mode
 * is set again after writing: `writeFileSync`'s mode applies to new files only.
 *
 * @example writePrivateFile(join(dataDir, 'demo-secrets.json'), json)
 */
export function writePrivateFile(path: string, text: string): void {
  writeFileSync(path, text, { mode: OWNER_ONLY })
  chmodSync(path, OWNER_ONLY)
}

/** Makes an existing secrets file private to its owner (one written by an older version may not be). */
export function keepPrivate(path: string): void {
  if (existsSync(path)) chmodSync(path, OWNER_ONLY)
}

/**
 * What reading a private JSON file found: nothing, a value of the schema, or a damaged
 * file (`not_json`: unreadable as JSON; `wrong_shape`: JSON the schema refuses) with what
 * is wrong, never quoting the file's content (it holds secrets). Callers say, in their own
 * error, what to do about a damaged one.
 */
export type PrivateJson<T> =
  | { status: 'missing' }
  | { status: 'valid'; value: T }
  | { status: 'damaged'; reason: 'not_json' | 'wrong_shape'; detail: string }

/**
 * Reads a secrets file written by writePrivateJson: makes it private to its owner first
 * (an older version may have left it readable), then parses it with `schema`. Never
 * throws for a damaged file: it says so, and the caller refuses it.
 *
 * @example const read = readPrivateJson(join(dataDir, 'demo-bot.json'), DemoBot)
 */
export function readPrivateJson<S extends z.ZodType>(
  path: string,
  schema: S,
): PrivateJson<z.output<S>> {
  if (!existsSync(path)) return { status: 'missing' }
  keepPrivate(path)
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    return { status: 'damaged', reason: 'not_json', detail: jsonProblem(error) }
  }
  const parsed = schema.safeParse(json)
  if (parsed.success) return { status: 'valid', value: parsed.data }
  return { status: 'damaged', reason: 'wrong_shape', detail: describeIssues(parsed.error) }
}

/** Writes `value` as JSON to a file private to its owner, creating its folder if needed. */
export function writePrivateJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true })
  writePrivateFile(path, `${JSON.stringify(value, null, 2)}\n`)
}

/** Where JSON.parse stopped, without the excerpt of the text V8 puts in some messages. */
function jsonProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.replace(/,\s*(?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '')
}
