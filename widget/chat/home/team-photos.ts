import { isHttpUrl } from '../../protocol/http-url'
import { isRecord } from '../../protocol/read'

/**
 * The team's photos in an answer of GET /api/config (`team.avatars`): the http(s) ones,
 * at most three, as the header shows them; anything else reads as none.
 */
export function teamPhotos(config: unknown): string[] {
  const team = isRecord(config) && isRecord(config.team) ? config.team : {}
  return Array.isArray(team.avatars)
    ? team.avatars.filter((url): url is string => isHttpUrl(url)).slice(0, 3)
    : []
}
