import { z } from 'zod'
import { HttpUrl } from '../../shared/url'

// email.linkDays and email.continueUrl are defined with the other e-mail settings in
// server/config/email-settings.ts (the e-mail core). Read here defensively, so the links
// work with settings that have no `email` key yet, or one that fails this reading.
const LinkSettings = z.object({
  email: z
    .object({
      linkDays: z.number().int().min(1).optional().catch(undefined),
      continueUrl: HttpUrl.optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
})

/** The settings' `email.linkDays` and `email.continueUrl`, when they are there and valid. */
export function resumeSettingsOf(settings: unknown): { linkDays?: number; continueUrl?: string } {
  const parsed = LinkSettings.safeParse(settings)
  const email = parsed.success ? parsed.data.email : undefined
  return {
    ...(email?.linkDays !== undefined ? { linkDays: email.linkDays } : {}),
    ...(email?.continueUrl !== undefined ? { continueUrl: email.continueUrl } : {}),
  }
}
