import { z } from 'zod'
import { patternProblems } from '../../bot/rule-pattern'
import { checkSettings } from '../../config/settings'
import type { FieldProblem, Settings } from './api'

// zod probes for eval (new Function) to compile faster parsers; the studio's CSP refuses
// eval, so the probe would only log a CSP violation. The interpreted parsers are enough.
z.config({ jitless: true })

/**
 * The settings' problems by field, with the very schema the API validates with
 * (server/config/settings.ts), so a mistake shows beside its field while typing, before
 * any save. The API checks again on save; its answer is what counts.
 */
export function localProblems(settings: Settings): FieldProblem[] {
  const checked = checkSettings(settings)
  if (!checked.ok) return checked.problems
  // The bot's linear-time engine: the API refuses these on save too.
  return patternProblems(checked.settings.bot).map(({ path, message }) => ({
    path: path.join('.'),
    message,
  }))
}
