import { KEY_PREFIXES as P } from '../store/keys'
import type { AgedKind, AgedRecords } from '../store/types'

/**
 * The records each aged kind wrote with a lifetime of RETENTION_DAYS before it was aged
 * (then RETENTION_EMAILS_DAYS and RETENTION_RATINGS_DAYS applied only to records written
 * after): the missed-reply schedule and marks, the e-mail outbox and its due markers,
 * transcripts' addresses, inbound-mail dedupe records; the ratings.
 */
export const LEGACY_AGED_PREFIXES: Record<AgedKind, readonly string[]> = {
  emails: [
    P.emailDue,
    P.emailSent,
    P.emailHeld,
    P.emailItem,
    P.emailItemDue,
    P.transcriptTo,
    P.transcriptWaiting,
    P.inboundMail,
  ],
  ratings: [P.rating],
}

/**
 * Brings the records written before their kind was aged under the current retention:
 * dated their expiry minus `lifetimeMs` (RETENTION_DAYS, the lifetime they were written
 * with), so the same pass deletes those past their kind's retention. Idempotent and safe
 * on two instances at once (AgedRecords.adoptAgedRecords); returns how many, by kind.
 */
export async function adoptLegacyLifetimes(
  store: Pick<AgedRecords, 'adoptAgedRecords'>,
  lifetimeMs: number,
): Promise<Record<AgedKind, number>> {
  return {
    emails: await store.adoptAgedRecords('emails', LEGACY_AGED_PREFIXES.emails, lifetimeMs),
    ratings: await store.adoptAgedRecords('ratings', LEGACY_AGED_PREFIXES.ratings, lifetimeMs),
  }
}
