import { checkSettings } from '../../config/settings'
import type { FieldProblem, Settings } from './api'

/**
 * The settings' problems by field, with the very schema the API validates with
 * (server/config/settings.ts), so a mistake shows beside its field while typing, before
 * any save. The API checks again on save; its answer is what counts.
 */
export function localProblems(settings: Settings): FieldProblem[] {
  const checked = checkSettings(settings)
  return checked.ok ? [] : checked.problems
}
