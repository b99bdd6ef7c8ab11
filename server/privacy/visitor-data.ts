import type { AppDeps } from '../app-deps'
import type { Outbox } from '../channel/outbox-types'
import { Profile } from '../session/profile'
import { KEY_PREFIXES } from '../store/keys'
import type { FileStore } from '../uploads/file-store'
import { eraseVisitor } from './visitor-erasure'
import { exportVisitor, visitorState } from './visitor-export'

/**
 * A visitor's data in their hands (and the operators', on request): the export, the
 * erasure, and the visitors an e-mail address names. Built once per app.
 *
 * @example const data = createVisitorData(deps, runtime); await data.erase(id, 'visitor')
 */
export function createVisitorData(deps: AppDeps, runtime: { files: FileStore; outbox: Outbox }) {
  const { store, now, logger } = deps
  const exportDeps = {
    store,
    files: runtime.files,
    publicUrl: deps.config.publicUrl,
    consents: (visitorId: string) => store.listConsents(visitorId),
    now,
  }
  const erasureDeps = {
    store,
    files: runtime.files,
    outbox: runtime.outbox,
    eraseConsents: (visitorId: string) => store.eraseConsents(visitorId),
    logger,
    now,
    sessionTtlMs: deps.config.sessionTtlMs,
  }
  return {
    export: (visitorId: string) => exportVisitor(exportDeps, visitorId),
    erase: (visitorId: string, by: string) => eraseVisitor(erasureDeps, visitorId, by),
    state: (visitorId: string) => visitorState(store, visitorId),
    /** The visitors whose contact address is `address` (any case); reads every profile. */
    async byEmail(address: string): Promise<string[]> {
      const wanted = address.trim().toLowerCase()
      const found: string[] = []
      for (const key of await store.listRecords(KEY_PREFIXES.profile)) {
        const profile = await store.getRecord(key, Profile)
        if (profile?.contact.email?.trim().toLowerCase() === wanted)
          found.push(key.slice(KEY_PREFIXES.profile.length))
      }
      return found
    },
  }
}

export type VisitorData = ReturnType<typeof createVisitorData>
