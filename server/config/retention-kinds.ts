/**
 * The kinds of data retention keeps for a time of their own (RETENTION_<KIND>_DAYS, each
 * RETENTION_DAYS when unset): the conversations' messages (and their outbox and read
 * markers), attachments, the e-mail records (schedules, outbox, sent marks, transcripts),
 * the ratings, and the consents.
 */
export const RETENTION_KINDS = ['messages', 'files', 'emails', 'ratings', 'consents'] as const
export type RetentionKind = (typeof RETENTION_KINDS)[number]

/** How long each kind is kept (ms). */
export type RetentionKinds = { readonly [kind in RetentionKind]: number }

/** The environment variable of a kind: `RETENTION_MESSAGES_DAYS`, … */
export function retentionKindVariable<K extends RetentionKind>(
  kind: K,
): `RETENTION_${Uppercase<K>}_DAYS` {
  return `RETENTION_${kind.toUpperCase() as Uppercase<K>}_DAYS`
}

/** The parsed RETENTION_DAYS and RETENTION_<KIND>_DAYS (undefined: unset). */
export type RetentionEnv = { RETENTION_DAYS: number } & {
  [kind in RetentionKind as ReturnType<typeof retentionKindVariable<kind>>]?: number | undefined
}

/** Each kind's days in ms: its own variable, else RETENTION_DAYS. */
export function retentionKinds(env: RetentionEnv, dayMs: number): RetentionKinds {
  const of = (kind: RetentionKind) =>
    (env[retentionKindVariable(kind)] ?? env.RETENTION_DAYS) * dayMs
  return {
    messages: of('messages'),
    files: of('files'),
    emails: of('emails'),
    ratings: of('ratings'),
    consents: of('consents'),
  }
}
