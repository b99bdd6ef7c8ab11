import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { FieldProblem, Settings } from './api'
import { getAt, setAt } from './draft'
import type { DraftValue } from './settings-draft'
import type { SettingsPath } from './settings-paths'

/** The unsaved settings, how to change them, and the API's problems by field path. */
export interface DraftApi {
  draft: Settings
  change(update: (draft: Settings) => Settings): void
  problems: FieldProblem[]
}

export const DraftContext = createContext<DraftApi | undefined>(undefined)

/**
 * The value at `path` (undefined while the draft has none), a setter taking that setting's
 * kind (undefined leaves it out), and the problems the API reported at that path.
 */
export function useField<Path extends SettingsPath>(path: Path) {
  const context = useContext(DraftContext)
  if (!context) throw new Error('useField needs a DraftContext.Provider around the form')
  const { draft, change, problems } = context
  return {
    value: getAt(draft, path) as DraftValue<Path> | undefined,
    set: (value: DraftValue<Path> | undefined) => change((current) => setAt(current, path, value)),
    problems: problems.filter((problem) => problem.path === path),
  }
}

/** The problems at `path` or anywhere under it (for a JSON editor or a section badge). */
export function useProblemsUnder(path: SettingsPath): FieldProblem[] {
  const context = useContext(DraftContext)
  return (context?.problems ?? []).filter(
    (problem) => problem.path === path || problem.path.startsWith(`${path}.`),
  )
}
