import { MAX_TEAM_AVATARS } from '../../../shared/settings/team-settings'
import type { FieldPath } from '../settings-paths'

// One list per section of the form: the settings it edits and what the form calls each,
// written once. The fields take their labels from here, a section counts the problems of
// its settings (section-paths.ts), and the problem summary names a setting with its
// group's name before it ("Invitation rule 2: Pages", field-labels.ts). A `#` stands for
// a list index.

type FieldList = {
  /** Settings whose fields are named after them in the summary: path → the group's name. */
  groups?: Readonly<Partial<Record<FieldPath, string>>>
  /** Every setting the section edits, by path: the label of its field. */
  fields: Readonly<Partial<Record<FieldPath, string>>>
}

export const SECTION_FIELDS = {
  appearance: {
    fields: {
      title: 'Title',
      color: 'Accent colour',
      position: 'Position',
      offsets: 'Offsets',
      'offsets.x': 'Side offset (px)',
      'offsets.y': 'Bottom offset (px)',
      launcherLabel: 'Launcher label',
      theme: 'Theme',
      lang: 'Widget language',
      defaultLang: 'Default language of your texts',
      sound: 'A sound for new replies',
      statusPollSeconds: 'Check agents’ status every (seconds)',
      chatIdleMinutes: 'End a conversation after (minutes without a message)',
    },
  },
  texts: { fields: { greeting: 'Greeting', offlineText: 'Offline text' } },
  team: {
    groups: { team: 'Team' },
    fields: {
      team: 'Team',
      'team.avatars': `Team photos (up to ${MAX_TEAM_AVATARS} links, one per line)`,
      'team.replyTime': 'Usual reply time',
    },
  },
  invitations: {
    groups: { 'invitations.#': 'Invitation rule #' },
    fields: {
      invitations: 'Invitations',
      invite: 'Invitation',
      'invitations.#': 'Invitation rule #',
      'invitations.#.text': 'Invitation text',
      'invitations.#.when': 'When',
      'invitations.#.when.pages': 'Pages',
      'invitations.#.when.secondsOnPage': 'Seconds on the page',
      'invitations.#.when.secondsOnSite': 'Seconds on the site',
      'invitations.#.when.minPageViews': 'At least this many page views',
      'invitations.#.when.agentsOnline': 'Agents online',
      'invitations.#.when.device': 'Device',
      'invitations.#.when.referrer': 'Came from (referrer)',
      'invitations.#.when.utm.source': 'utm_source',
      'invitations.#.when.utm.medium': 'utm_medium',
      'invitations.#.when.utm.campaign': 'utm_campaign',
      'invitations.#.when.newVisitorsOnly': 'New visitors only',
      'invitations.#.frequency': 'How often',
    },
  },
  hours: {
    groups: { businessHours: 'Business hours' },
    fields: {
      businessHours: 'Business hours',
      'businessHours.timezone': 'Time zone',
      'businessHours.outside': 'Outside business hours',
      'businessHours.closedDates': 'Closed dates (holidays)',
      'businessHours.weekly.mon': 'Monday',
      'businessHours.weekly.tue': 'Tuesday',
      'businessHours.weekly.wed': 'Wednesday',
      'businessHours.weekly.thu': 'Thursday',
      'businessHours.weekly.fri': 'Friday',
      'businessHours.weekly.sat': 'Saturday',
      'businessHours.weekly.sun': 'Sunday',
    },
  },
  'offline-form': {
    groups: { offlineForm: 'Offline form' },
    fields: {
      offlineForm: 'Offline form',
      'offlineForm.intro': 'Intro',
      'offlineForm.fields.name': 'Name',
      'offlineForm.fields.email': 'Email',
      'offlineForm.fields.phone': 'Phone',
      'offlineForm.fields.message': 'Message',
    },
  },
  'pre-chat': {
    groups: { preChat: 'Pre-chat form' },
    fields: {
      preChat: 'Pre-chat form',
      'preChat.fields': 'Fields asked',
      'preChat.fields.#': 'Field asked #',
      'preChat.required': 'Required fields',
      'preChat.required.#': 'Required field #',
      'preChat.consentText': 'Consent checkbox text',
      'preChat.consentUrl': 'Consent checkbox link',
    },
  },
  bot: {
    groups: { 'bot.rules.#': 'Bot rule #' },
    fields: {
      bot: 'Bot',
      'bot.greeting': 'Bot greeting',
      'bot.rules.#': 'Bot rule #',
      'bot.rules.#.name': 'Name',
      'bot.rules.#.lang': 'Language',
      'bot.rules.#.keywords': 'Keywords',
      'bot.rules.#.reply': 'Answer',
      'bot.modelAnswers': 'Written answers',
      'bot.modelAnswers.enabled': 'Write answers with the model from the articles',
      'bot.modelAnswers.instructions': 'Instructions for the model',
      'bot.modelAnswers.languages': 'Languages it may answer in',
    },
  },
  email: {
    groups: { email: 'E-mail' },
    fields: {
      email: 'E-mail',
      'email.missedReplies': 'E-mail visitors the replies they have not read',
      'email.afterSeconds': 'Send after (seconds unread)',
      'email.linkDays': 'The link back works for (days)',
      'email.continueUrl': 'Continue the chat on',
      'email.rating': 'Rating asked at the end of a conversation',
      'email.ratingToAgents':
        'Also send the visitor’s rating to the agents, as a message in the chat',
    },
  },
  privacy: {
    groups: { privacy: 'Privacy' },
    fields: {
      privacy: 'Privacy',
      'privacy.consent': 'Consent before the chat',
      'privacy.consentText': 'Consent text',
      'privacy.policyUrl': 'Privacy policy link',
      'privacy.maskPatterns': 'Your own patterns to hide (one per line)',
      'privacy.maskPatterns.#': 'Pattern to hide #',
    },
  },
} as const satisfies Record<string, FieldList>

export type SectionId = keyof typeof SECTION_FIELDS

const LISTS: readonly FieldList[] = Object.values(SECTION_FIELDS)

/** Every field's label by its path (`#` for list indexes). */
export const FIELD_LABELS: Readonly<Record<string, string>> = Object.assign(
  {},
  ...LISTS.map((list) => list.fields),
)

/** Every group's name by its path. */
export const GROUP_LABELS: Readonly<Record<string, string>> = Object.assign(
  {},
  ...LISTS.map((list) => list.groups ?? {}),
)

/** `path` with its list indexes as `#` (`invitations.2.text` → `invitations.#.text`). */
export const pathKey = (path: string): string => path.replace(/(^|\.)\d+(?=\.|$)/g, '$1#')

/**
 * The label of the field that edits `path`, as the form shows it; undefined for a path
 * no field edits.
 *
 * @example formLabel('invitations.0.when.pages') // 'Pages'
 */
export function formLabel(path: string): string | undefined {
  return FIELD_LABELS[pathKey(path)]
}
