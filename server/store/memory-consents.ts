import type { AgeRetention, ConsentRecord, Consents } from './types'

/**
 * The memory: store's consents: one list per visitor, in the order they were recorded.
 *
 * @example const consents = createMemoryConsents(Date.now, assertOpen)
 */
export function createMemoryConsents(now: () => number, assertOpen: () => void): Consents {
  const byVisitor = new Map<string, ConsentRecord[]>()

  function expired(retention: AgeRetention): { visitorId: string; consent: ConsentRecord }[] {
    const cutoff = now() - retention.maxAgeMs
    const all = [...byVisitor].flatMap(([visitorId, list]) =>
      list.map((consent) => ({ visitorId, consent })),
    )
    return all
      .filter(({ consent }) => consent.at < cutoff)
      .sort((a, b) => a.consent.at - b.consent.at)
  }

  return {
    async recordConsent(visitorId, consent) {
      assertOpen()
      const list = byVisitor.get(visitorId) ?? []
      if (list.some((known) => known.version === consent.version)) return
      list.push({ version: consent.version, at: consent.at })
      byVisitor.set(visitorId, list)
    },
    async listConsents(visitorId) {
      assertOpen()
      const list = byVisitor.get(visitorId) ?? []
      return list.map((consent) => ({ ...consent })).sort((a, b) => a.at - b.at)
    },
    async eraseConsents(visitorId) {
      assertOpen()
      const count = byVisitor.get(visitorId)?.length ?? 0
      byVisitor.delete(visitorId)
      return count
    },
    async pruneConsents(retention) {
      assertOpen()
      const drop = expired(retention).slice(0, retention.maxDrop ?? Number.POSITIVE_INFINITY)
      for (const { visitorId, consent } of drop) {
        const kept = (byVisitor.get(visitorId) ?? []).filter((known) => known !== consent)
        if (kept.length === 0) byVisitor.delete(visitorId)
        else byVisitor.set(visitorId, kept)
      }
      return drop.length
    },
    async consentStats(retention) {
      assertOpen()
      const list = [...byVisitor.values()].flat()
      const newest = list.reduce<number | undefined>(
        (max, c) => Math.max(max ?? c.at, c.at),
        undefined,
      )
      return { total: list.length, expired: expired(retention).length, newestAt: newest }
    },
  }
}
