import type { ComponentChildren } from 'preact'
import { useProblemsUnder } from '../draft-context'
import { SECTION_PATHS, type SectionId } from './section-paths'

/** One part of the settings, with a count of its problems in the heading. */
export function Section({
  id,
  title,
  children,
}: {
  /** Also names the settings this section edits (section-paths.ts), for its problem count. */
  id: SectionId
  title: string
  children: ComponentChildren
}) {
  const count = SECTION_PATHS[id]
    .map(useProblemsUnder)
    .reduce((sum, problems) => sum + problems.length, 0)
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
