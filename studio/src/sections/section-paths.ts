import type { SettingsInput } from '../settings-paths'
import { SECTION_FIELDS, type SectionId } from './section-fields'

/** A top-level key of the settings file. */
type SettingKey = keyof SettingsInput & string

// The settings each section of the studio's form edits, by their first path segment
// (from the section's field list): the one list behind a section's problem count and the
// problem summary's links.

export type { SectionId }

const firstSegments = (fields: object): readonly SettingKey[] => [
  ...new Set(Object.keys(fields).map((path) => (path.split('.')[0] ?? path) as SettingKey)),
]

export const SECTION_PATHS = {} as Record<SectionId, readonly SettingKey[]>
for (const id of Object.keys(SECTION_FIELDS) as SectionId[])
  SECTION_PATHS[id] = firstSegments(SECTION_FIELDS[id].fields)

const EDITED: ReadonlySet<string> = new Set(Object.values(SECTION_PATHS).flat())

/** Whether a control of the form edits the setting at `path` (`offsets.x`, `invitations.0.text`). */
export function isEdited(path: string): boolean {
  return EDITED.has(path.split('.')[0] ?? '')
}
