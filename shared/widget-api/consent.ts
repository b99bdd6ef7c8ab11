import { z } from 'zod'

/** The longest consent text version (POST /api/visitor/consent). */
export const MAX_CONSENT_VERSION_LENGTH = 64

/** The version of the consent text a visitor agreed to: 1–64 of A–Z, a–z, 0–9, `.`, `_`, `-`. */
export const ConsentVersion = z
  .string({ error: 'must be a string: the consent text’s version, e.g. "2026-05"' })
  .min(1, 'must not be empty: send the consent text’s version, e.g. "2026-05"')
  .max(
    MAX_CONSENT_VERSION_LENGTH,
    `must be at most ${MAX_CONSENT_VERSION_LENGTH} characters: shorten the version`,
  )
  .regex(/^[A-Za-z0-9._-]+$/, 'may hold only letters A–Z and a–z, digits, ".", "_" and "-"')

/** POST /api/visitor/consent: the visitor agreed to the consent text of `version` (answer: 204). */
export const ConsentRequest = z.object({ version: ConsentVersion })
export type ConsentRequest = z.infer<typeof ConsentRequest>
