import type { Settings } from '../config/settings'

/**
 * INTERIM, for the integrator to replace with email-resume's `createResumeUrl` (a
 * signed link that reopens the same conversation): until then the e-mail's "Continue
 * the conversation" opens the site owner's `email.continueUrl`, else the site (the
 * first allowed origin), else PUBLIC_URL. It works, but does not sign the visitor in.
 */
export function interimResumeUrl(options: {
  settings: () => Settings
  allowedOrigins: readonly string[]
  publicUrl: string
}): (visitorId: string) => Promise<string> {
  return async () => {
    const site = options.allowedOrigins.find((origin) => /^https?:\/\//.test(origin))
    return options.settings().email.continueUrl ?? site ?? options.publicUrl
  }
}
