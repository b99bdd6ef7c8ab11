// The settings each section of the studio's form edits, by their first path segment: the
// one list behind a section's problem count and the problem summary's links.

export const SECTION_PATHS = {
  appearance: [
    'title',
    'color',
    'position',
    'offsets',
    'launcherLabel',
    'theme',
    'lang',
    'defaultLang',
    'sound',
    'statusPollSeconds',
    'chatIdleMinutes',
  ],
  texts: ['greeting', 'offlineText'],
  team: ['team'],
  invitations: ['invitations', 'invite'],
  hours: ['businessHours'],
  'offline-form': ['offlineForm'],
  bot: ['bot'],
  email: ['email'],
} as const satisfies Record<string, readonly string[]>

export type SectionId = keyof typeof SECTION_PATHS

const EDITED: ReadonlySet<string> = new Set(Object.values(SECTION_PATHS).flat())

/** Whether a control of the form edits the setting at `path` (`offsets.x`, `invitations.0.text`). */
export function isEdited(path: string): boolean {
  return EDITED.has(path.split('.')[0] ?? '')
}
