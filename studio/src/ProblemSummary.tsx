import type { FieldProblem } from './api'
import { fieldId } from './fields/Field'
import { fieldLabel } from './sections/field-labels'
import { isEdited } from './sections/section-paths'

/**
 * Every problem of the last save with a link to its field, so none is missed in a long
 * form; problems no control shows (an unknown key in settings saved by a script) are
 * listed here only.
 */
export function ProblemSummary({
  problems,
  all,
}: {
  problems: FieldProblem[]
  /** Show every problem (after a refused save), not only those without a control. */
  all: boolean
}) {
  const shown = all ? problems : problems.filter((problem) => !isEdited(problem.path))
  if (shown.length === 0) return null
  return (
    <div class="banner error problems" role="alert" aria-labelledby="problems-title">
      <p id="problems-title">
        {shown.length === 1
          ? 'This setting needs fixing:'
          : `These ${shown.length} settings need fixing:`}
      </p>
      <ul>
        {shown.map((problem) => {
          return (
            <li key={problem.path + problem.message}>
              {isEdited(problem.path) ? (
                <a href={`#${fieldId(problem.path)}`}>{fieldLabel(problem.path)}</a>
              ) : (
                <code>{problem.path}</code>
              )}
              : {problem.message}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
