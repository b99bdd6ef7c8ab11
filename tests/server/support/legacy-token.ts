import { createHmac } from 'node:crypto'

/** A token exactly as the first format made it (no issue time, a user's raw id), for migration tests. */
export function issueLegacyToken(
  secret: string,
  visitor: { visitorId: string; kind: 'guest' | 'user' },
): string {
  const signature = createHmac('sha256', secret)
    .update(`porthole-visitor-v1\n${visitor.kind}\n${visitor.visitorId}`)
    .digest('base64url')
  return `${Buffer.from(visitor.visitorId, 'utf8').toString('base64url')}.${visitor.kind}.${signature}`
}
