import type { ComponentChildren } from 'preact'
import type { FieldProblem } from '../api'

/** A labelled control with its hint and the API's problems beside it. */
export function Field({
  id,
  label,
  hint,
  problems,
  children,
}: {
  id: string
  label: string
  hint?: string
  problems: FieldProblem[]
  children: ComponentChildren
}) {
  return (
    <div class={`field${problems.length ? ' has-error' : ''}`}>
      <label for={id}>{label}</label>
      {children}
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {problems.map((problem) => (
        <p class="field-error" id={`${id}-error`} key={problem.message}>
          {problem.message}
        </p>
      ))}
    </div>
  )
}

/** The aria attributes that tie a control to its hint and its errors. */
export function describedBy(id: string, hint: string | undefined, problems: FieldProblem[]) {
  const ids = [hint ? `${id}-hint` : '', problems.length ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return {
    id,
    'aria-describedby': ids || undefined,
    'aria-invalid': problems.length ? ('true' as const) : undefined,
  }
}

/** A DOM id from a settings path ("invitations.0.text" → "f-invitations-0-text"). */
export const fieldId = (path: string) => `f-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`
