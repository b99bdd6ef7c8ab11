import { LANGUAGE_NAMES } from '../../../shared/language-names'
import { LanguageTag } from '../../../shared/settings/localized-text'

// What the studio calls a setting when it names it (the problem summary), in the words of
// the form rather than its path in the settings file: `title.en` is "Title (English)",
// `invitations.0.when.secondsOnPage` is "Invitation rule 1: Seconds on the page". A `#`
// in a key stands for a list index and reads as its position (index + 1).

const LABELS: Record<string, string> = {
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
  greeting: 'Greeting',
  offlineText: 'Offline text',
  invitations: 'Invitations',
  invite: 'Invitation',
  'invitations.#': 'Invitation rule #',
  'invitations.#.text': 'Invitation rule #: Invitation text',
  'invitations.#.when': 'Invitation rule #: When',
  'invitations.#.when.pages': 'Invitation rule #: Pages',
  'invitations.#.when.secondsOnPage': 'Invitation rule #: Seconds on the page',
  'invitations.#.when.secondsOnSite': 'Invitation rule #: Seconds on the site',
  'invitations.#.when.minPageViews': 'Invitation rule #: At least this many page views',
  'invitations.#.when.agentsOnline': 'Invitation rule #: Agents online',
  'invitations.#.when.device': 'Invitation rule #: Device',
  'invitations.#.when.referrer': 'Invitation rule #: Came from (referrer)',
  'invitations.#.when.utm.source': 'Invitation rule #: utm_source',
  'invitations.#.when.utm.medium': 'Invitation rule #: utm_medium',
  'invitations.#.when.utm.campaign': 'Invitation rule #: utm_campaign',
  'invitations.#.when.newVisitorsOnly': 'Invitation rule #: New visitors only',
  'invitations.#.frequency': 'Invitation rule #: How often',
  businessHours: 'Business hours',
  'businessHours.timezone': 'Business hours: Time zone',
  'businessHours.outside': 'Business hours: Outside business hours',
  'businessHours.closedDates': 'Business hours: Closed dates (holidays)',
  'businessHours.weekly.mon': 'Business hours: Monday',
  'businessHours.weekly.tue': 'Business hours: Tuesday',
  'businessHours.weekly.wed': 'Business hours: Wednesday',
  'businessHours.weekly.thu': 'Business hours: Thursday',
  'businessHours.weekly.fri': 'Business hours: Friday',
  'businessHours.weekly.sat': 'Business hours: Saturday',
  'businessHours.weekly.sun': 'Business hours: Sunday',
  offlineForm: 'Offline form',
  'offlineForm.intro': 'Offline form: Intro',
  'offlineForm.fields.name': 'Offline form: Name',
  'offlineForm.fields.email': 'Offline form: Email',
  'offlineForm.fields.phone': 'Offline form: Phone',
  'offlineForm.fields.message': 'Offline form: Message',
  bot: 'Bot',
  'bot.greeting': 'Bot greeting',
  'bot.rules.#': 'Bot rule #',
  'bot.rules.#.name': 'Bot rule #: Name',
  'bot.rules.#.lang': 'Bot rule #: Language',
  'bot.rules.#.keywords': 'Bot rule #: Keywords',
  'bot.rules.#.reply': 'Bot rule #: Answer',
  email: 'E-mail',
  'email.missedReplies': 'E-mail: e-mail visitors the replies they have not read',
  'email.afterSeconds': 'E-mail: send after (seconds unread)',
  'email.linkDays': 'E-mail: the link back works for (days)',
  'email.continueUrl': 'E-mail: continue the chat on',
  'email.rating': 'E-mail: rating asked at the end of a conversation',
  'email.ratingToAgents': 'E-mail: also send the visitor’s rating to the agents',
  'team.avatars': 'Team: team photos',
  'team.replyTime': 'Team: usual reply time',
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
  const label = LABELS[key]
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
