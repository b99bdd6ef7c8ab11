import { z } from 'zod'

// What append({ followAlias }) reads of an alias record (server/session/alias.ts writes
// them: `{ visitorId, after? }`). Only the target matters here; the redis: store's
// append script reads the same field in Lua (server/store/redis/scripts.ts).
const AliasTarget = z.object({ visitorId: z.string().min(1) })

/**
 * The visitor an append to `visitorId` goes to, given the value stored at its alias
 * key (undefined when there is none): the alias's target, else `visitorId` itself —
 * also for a value that is not an alias, as getRecord treats a record that does not match.
 */
export function aliasTarget(visitorId: string, stored: unknown): string {
  if (stored === undefined) return visitorId
  const parsed = AliasTarget.safeParse(stored)
  return parsed.success ? parsed.data.visitorId : visitorId
}
