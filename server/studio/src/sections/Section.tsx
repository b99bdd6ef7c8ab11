import type { ComponentChildren } from 'preact'
import { useProblemsUnder } from '../draft-context'

/** One part of the settings, with a count of its problems in the heading. */
export function Section({
  id,
  title,
  paths,
  children,
}: {
  id: string
  title: string
  /** The settings this section edits (for its problem count). */
  paths: string[]
  children: ComponentChildren
}) {
  const count = paths.map(useProblemsUnder).reduce((sum, problems) => sum + problems.length, 0)
  return (
    <section class="card" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {title}
        {count > 0 && (
          <span class="badge error">
            {count} {count === 1 ? 'problem' : 'problems'}
          </span>
        )}
      </h2>
      {children}
    </section>
  )
}
