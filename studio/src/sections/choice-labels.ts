import type { EMAIL_RATINGS } from '../../../shared/settings/email-settings'
import type { CONSENT_MODES } from '../../../shared/settings/privacy-settings'
import type { REPLY_TIMES } from '../../../shared/settings/team-settings'
import type {
  DEVICES,
  INVITE_FREQUENCIES,
  LAUNCHER_LABELS,
  OUTSIDE_HOURS,
  THEMES,
  WIDGET_POSITIONS,
} from '../../../shared/widget-api'

// The words the form shows for each value of a choice. Typed by the values themselves: a
// value added to the schema does not compile here until it has its label.

type LabelsOf<Values extends readonly string[]> = Readonly<Record<Values[number], string>>

export const POSITION_LABELS: LabelsOf<typeof WIDGET_POSITIONS> = {
  'bottom-right': 'Bottom right',
  'bottom-left': 'Bottom left',
}

export const LAUNCHER_LABEL_LABELS: LabelsOf<typeof LAUNCHER_LABELS> = {
  always: 'Always shown',
  hover: 'On hover',
  never: 'Never (icon only)',
}

export const THEME_LABELS: LabelsOf<typeof THEMES> = {
  auto: 'Follow the visitor’s system',
  light: 'Light',
  dark: 'Dark',
}

export const REPLY_TIME_LABELS: LabelsOf<typeof REPLY_TIMES> = {
  minutes: 'Usually replies in a few minutes',
  hour: 'Usually replies in an hour',
  day: 'Usually replies in a day',
  hidden: 'Not shown',
}

export const RATING_LABELS: LabelsOf<typeof EMAIL_RATINGS> = {
  thumbs: 'Thumbs up or down (default)',
  stars: 'One to five stars',
  none: 'No rating',
}

export const OUTSIDE_HOURS_LABELS: LabelsOf<typeof OUTSIDE_HOURS> = {
  'offline-form': 'Show the offline form',
  hide: 'Hide the widget',
}

export const DEVICE_LABELS: LabelsOf<typeof DEVICES> = { desktop: 'Desktop', mobile: 'Mobile' }

export const FREQUENCY_LABELS: LabelsOf<typeof INVITE_FREQUENCIES> = {
  'once-per-visitor': 'Once per visitor',
  'once-per-session': 'Once per visit (session)',
  'every-page-view': 'On every page view',
}

export const CONSENT_LABELS: LabelsOf<typeof CONSENT_MODES> = {
  none: 'Not asked (default)',
  required: 'Required before the chat',
}
