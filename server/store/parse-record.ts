import type { z } from 'zod'
import type { RecordMismatch } from './types'

/**
 * A stored record's value through its schema, for every store's getRecord: undefined
 * when absent, and when it does not match (after telling `onMismatch`).
 */
export function parseRecord<T>(
  value: unknown,
  schema: z.ZodType<T>,
  onMismatch: RecordMismatch | undefined,
): T | undefined {
  if (value === undefined) return undefined
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  onMismatch?.(parsed.error)
  return undefined
}
