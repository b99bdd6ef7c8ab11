import { LANGUAGE_NAMES } from '../../../shared/language-names'
import { LanguageTag } from '../../../shared/settings/localized-text'
import { FIELD_LABELS, GROUP_LABELS } from './section-fields'

// What the studio calls a setting when it names it (the problem summary), in the words of
// the form rather than its path in the settings file: `title.en` is "Title (English)",
// `invitations.0.when.secondsOnPage` is "Invitation rule 1: Seconds on the page". The
// words are the form's own (section-fields.ts); a field inside a group is named after it.

/** The summary's name of the setting at exactly `key` (`#` for list indexes). */
function labelAt(key: string): string | undefined {
  const label = FIELD_LABELS[key]
  if (label === undefined) return undefined
  const segments = key.split('.')
  for (let length = segments.length - 1; length > 0; length--) {
    const group = GROUP_LABELS[segments.slice(0, length).join('.')]
    if (group !== undefined) return `${group}: ${label}`
  }
  return label
}

/** The label of exactly these segments, list indexes read as positions; else undefined. */
function labelOf(segments: string[]): string | undefined {
  const positions: number[] = []
  const key = segments
    .map((segment) => {
      if (!/^\d+$/.test(segment)) return segment
      positions.push(Number(segment) + 1)
      return '#'
    })
    .join('.')
  const label = labelAt(key)
  if (label === undefined) return undefined
  let at = 0
  return label.replace(/#/g, () => String(positions[at++] ?? ''))
}

const languageName = (tag: string): string => (LANGUAGE_NAMES as Record<string, string>)[tag] ?? tag

/**
 * The name of the setting at `path` as the form labels it (`title.en` → "Title
 * (English)"); a path below a labelled one takes its label (`businessHours.weekly.mon.0.to`
 * → "Business hours: Monday"); a path the form has no control for stays as written.
 */
export function fieldLabel(path: string): string {
  const segments = path.split('.')
  const exact = labelOf(segments)
  if (exact !== undefined) return exact
  // A per-language text: the field's label and the language's name.
  const last = segments.at(-1) ?? ''
  if (segments.length > 1 && LanguageTag.safeParse(last).success) {
    const text = labelOf(segments.slice(0, -1))
    if (text !== undefined) return `${text} (${languageName(last)})`
  }
  for (let length = segments.length - 1; length > 0; length--) {
    const above = labelOf(segments.slice(0, length))
    if (above !== undefined) return above
  }
  return path
}
