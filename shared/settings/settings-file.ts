import { z } from 'zod'
import { LANGUAGES, LAUNCHER_LABELS, THEMES, WIDGET_POSITIONS } from '../widget-api'
import { BotSettings } from './bot-rules'
import { BusinessHours } from './business-hours'
import { EmailSettings } from './email-settings'
import { InvitationRule, inviteToRule, LegacyInvite } from './invitation-rule'
import { LanguageTag } from './localized-text'
import { OfflineForm } from './offline-form'
import { PreChatSettings } from './pre-chat'
import { PrivacySettings } from './privacy-settings'
import { siteText } from './site-text'
import { TeamSettings } from './team-settings'

const Offset = z.number().int('must be a whole number of pixels').min(0).max(400)

/**
 * The site owner's settings: the file named by PORTHOLE_CONFIG, and what the settings
 * studio saves. Unknown keys are refused so a typo is reported instead of silently
 * ignored. Texts are a string or one per language. The old `invite` is read and becomes
 * the one rule of `invitations`. `bot` is the bot's rules (checked with the bot's schema,
 * kept as written).
 */
export const SettingsFile = z
  .strictObject({
    title: siteText(80).default('Chat with us'),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour like #1f6feb')
      .default('#1f6feb'),
    position: z.enum(WIDGET_POSITIONS).default('bottom-right'),
    offsets: z
      .strictObject({ x: Offset.default(20), y: Offset.default(20) })
      .default({ x: 20, y: 20 }),
    /** The text beside the launcher: always shown, on hover, or never (today's widget: never). */
    launcherLabel: z.enum(LAUNCHER_LABELS).default('never'),
    theme: z.enum(THEMES).default('auto'),
    /** The widget's own interface language; absent: the visitor's browser language. */
    lang: z.enum(LANGUAGES).optional(),
    /** The language of texts given per language when the visitor's is not among them. */
    defaultLang: LanguageTag.default('en'),
    greeting: siteText(1000).optional(),
    offlineText: siteText(1000).optional(),
    invite: LegacyInvite.optional(),
    invitations: z.array(InvitationRule).max(50, 'must hold at most 50 rules').optional(),
    businessHours: BusinessHours.optional(),
    offlineForm: OfflineForm.default({
      fields: {
        name: { shown: true, required: false },
        email: { shown: true, required: false },
        phone: { shown: true, required: false },
        message: { shown: true, required: true },
      },
    }),
    /** The form before a conversation while someone is online, enforced by the backend (pre-chat.ts). */
    preChat: PreChatSettings.default(PreChatSettings.parse({})),
    sound: z.boolean().default(true),
    /**
     * Minutes without a message after which the conversation ends (the widget shows
     * "This conversation has ended"; the next message starts a new one). Absent: never.
     */
    chatIdleMinutes: z
      .number()
      .int('must be a whole number of minutes')
      .min(1)
      .max(43_200)
      .optional(),
    statusPollSeconds: z.number().min(5).max(3600).default(30),
    /** Missed replies by e-mail, the resume link, ratings (shared/settings/email-settings.ts). */
    email: EmailSettings.default(EmailSettings.parse({})),
    /** The team photos and reply time shown while nobody has joined (team-settings.ts). */
    team: TeamSettings.default(TeamSettings.parse({})),
    /** The consent step, the privacy policy's link and what the widget and the server hide from visitors' messages (privacy-settings.ts). */
    privacy: PrivacySettings.default(PrivacySettings.parse({})),
    // Checked with the bot's own schema here, so its problems are reported with the others.
    bot: z
      .unknown()
      .optional()
      .superRefine((bot, ctx) => {
        if (bot === undefined) return
        for (const issue of BotSettings.safeParse(bot).error?.issues ?? [])
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
      }),
  })
  .superRefine((settings, ctx) => {
    if (settings.invite && settings.invitations) {
      ctx.addIssue({
        code: 'custom',
        path: ['invite'],
        message: 'give invitations or the older invite, not both (invite becomes one rule)',
      })
    }
  })
  .transform(({ invite, invitations, ...rest }) => ({
    ...rest,
    invitations: invitations ?? (invite ? [inviteToRule(invite)] : []),
  }))

/** The site owner's settings, validated, with every default filled in. */
export type Settings = z.output<typeof SettingsFile>

/** One bad setting, by its path (`color`, `invitations.0.when.pages`). */
export type SettingsProblem = { path: string; message: string }

/** The problems of `error`, one per field. */
export function settingsProblems(error: z.ZodError): SettingsProblem[] {
  return error.issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.map(String).join('.') : '(settings)',
    message: issue.message,
  }))
}

/** Validates settings (the file's content, or what the studio sends). */
export function checkSettings(
  json: unknown,
): { ok: true; settings: Settings } | { ok: false; problems: SettingsProblem[] } {
  const parsed = SettingsFile.safeParse(json ?? {})
  return parsed.success
    ? { ok: true, settings: parsed.data }
    : { ok: false, problems: settingsProblems(parsed.error) }
}
