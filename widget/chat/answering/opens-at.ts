import { useEffect, useState } from 'preact/hooks'
import { isRecord } from '../../protocol/read'

/**
 * When the business hours open next (GET /api/status `opensAt`, ms since the epoch), read
 * by the chat while the team is away: the loader's status poll carries only whether they
 * are, which keeps the bytes before engagement under their ceiling. Undefined when the
 * backend does not say (open again, hours that never open, a failed request).
 */
export async function fetchOpensAt(
  base: string,
  fetcher: typeof fetch,
): Promise<number | undefined> {
  try {
    const response = await fetcher(`${base}api/status`, { credentials: 'omit' })
    const body: unknown = response.ok ? await response.json() : undefined
    return isRecord(body) && typeof body.opensAt === 'number' && Number.isFinite(body.opensAt)
      ? body.opensAt
      : undefined
  } catch {
    return undefined
  }
}

/**
 * When the team is back, while it is `away` and the backend says a time still ahead
 * (fetchOpensAt, read again each time the team goes away); otherwise undefined.
 */
export function useOpensAt(base: string, fetcher: typeof fetch, away: boolean): number | undefined {
  const [opensAt, setOpensAt] = useState<number>()
  useEffect(() => {
    let live = true
    if (away) void fetchOpensAt(base, fetcher).then((at) => live && setOpensAt(at))
    return () => {
      live = false
    }
  }, [base, fetcher, away])
  return away && opensAt !== undefined && opensAt > Date.now() ? opensAt : undefined
}
