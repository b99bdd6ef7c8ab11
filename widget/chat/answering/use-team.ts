import { useEffect, useState } from 'preact/hooks'
import type { Language, PublicConfig } from '../../../shared/widget-api'
import { isHttpUrl } from '../../protocol/http-url'
import { isRecord } from '../../protocol/read'

export type Team = NonNullable<PublicConfig['team']>

/** The `team` of GET /api/config: at most three http(s) photos and a known reply time. */
export function parseTeam(config: unknown): Team {
  const found = isRecord(config) && isRecord(config.team) ? config.team : {}
  const avatars = Array.isArray(found.avatars)
    ? found.avatars.filter((url): url is string => typeof url === 'string' && isHttpUrl(url))
    : []
  const replyTime = ['minutes', 'hour', 'day'].find((time) => time === found.replyTime)
  return {
    ...(avatars.length > 0 ? { avatars: avatars.slice(0, 3) } : {}),
    ...(replyTime ? { replyTime: replyTime as Team['replyTime'] } : {}),
  }
}

/**
 * The site's team settings, as the header's heading and the home screen show them: read
 * at each open (the studio's preview changes them), empty until they arrive or when the
 * request fails. Both pass the same `fetch` (one request for the two, home/once-fetch.ts).
 */
export function useTeam(base: string, fetcher: typeof fetch, lang: Language): Team {
  const [team, setTeam] = useState<Team>({})
  useEffect(() => {
    let live = true
    fetcher(`${base}api/config?lang=${lang}`, { credentials: 'omit' })
      .then((response) => response.json())
      .then((config) => live && setTeam(parseTeam(config)))
      .catch(() => {})
    return () => {
      live = false
    }
  }, [base, lang, fetcher])
  return team
}
