import { checkSettings } from '../../shared/settings/settings-file'
import type { FieldProblem, Settings } from './api'

/**
 * The settings' problems by field, with the very schema the API validates with
 * (shared/settings/settings-file.ts), so a mistake shows beside its field while typing, before
 * any save. The API checks again on save; its answer is what counts (it also refuses a
 * bot pattern the backend's linear-time engine cannot run: that check needs the engine,
 * which the backend keeps, so its problems show after Save).
 */
export function localProblems(settings: Settings): FieldProblem[] {
  const checked = checkSettings(settings)
  return checked.ok ? [] : checked.problems
}
