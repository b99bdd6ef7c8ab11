import type { ComponentChildren } from 'preact'
import type { FieldProblem } from '../api'
import { useField } from '../draft-context'
import { formLabel } from '../sections/section-fields'
import type { PathTaking } from '../settings-draft'
import type { SettingsPath } from '../settings-paths'

/**
 * What every field of a setting takes: the setting's path (one that takes the control's
 * `Kind`: a text field does not compile on a number's path), a hint below it, and its label
 * when it is not the one the section's field list gives (section-fields.ts).
 */
export interface FieldProps<Kind> {
  path: PathTaking<Kind>
  label?: string
  hint?: string
}

/**
 * The setting at `path` (its value, setter and problems), its control's DOM id and its
 * label: `label` when given, else the field list's.
 */
export function useFieldControl<Path extends SettingsPath>(path: Path, label?: string) {
  return { ...useField(path), id: fieldId(path), label: label ?? formLabel(path) ?? path }
}

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
      <FieldErrors id={id} problems={problems} />
    </div>
  )
}

/** The API's problems with a control, each a line its aria-describedby points at. */
export function FieldErrors({ id, problems }: { id: string; problems: FieldProblem[] }) {
  return (
    <>
      {problems.map((problem) => (
        <p class="field-error" id={`${id}-error`} key={problem.message}>
          {problem.message}
        </p>
      ))}
    </>
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
