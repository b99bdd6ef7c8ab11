import type { Settings } from '../../shared/settings/settings-file'
import type { ConversationEntry } from '../../shared/widget-api'
import type { EmailConfig } from '../config/parse-email'
import { readProfile } from '../session/profile'
import type { Records } from '../store/types'
import { emailSite } from './email-site'
import type { ComposedMail } from './mail-item'
import { emailLanguage } from './render/email-language'
import { type ConfirmReason, renderConfirm } from './render/render-confirm'
import { renderEmail } from './render/render-email'
import { unsubscribeHeaders } from './unsubscribe-headers'

export type ComposerOptions = {
  store: Records
  config: EmailConfig | undefined
  settings: () => Settings
  publicUrl: string
  /** The signed "Continue the conversation" link of a visitor. */
  resumeUrl: (visitorId: string) => Promise<string>
  /** The Reply-To of a visitor's e-mails, when replies by e-mail are on. */
  replyTo?: (visitorId: string) => string | undefined
  unsubscribeUrl: (visitorId: string, address: string) => string
}

/**
 * Renders a visitor's e-mails with their headers: the missed replies' (to a confirmed
 * address: the replies, the resume link, the Reply-To) and the confirmation link's.
 *
 * @example const { compose } = createComposer({ store, config, settings, ... })
 */
export function createComposer(options: ComposerOptions) {
  const { store, publicUrl } = options

  /** The site's name, colour and the visitor's language, as every e-mail shows them. */
  async function lookOf(visitorId: string) {
    const settings = options.settings()
    const profile = await readProfile(store, visitorId)
    const site = emailSite(options.config, settings.email.continueUrl, publicUrl)
    const lang = emailLanguage({
      visitor: profile.lang,
      widget: settings.lang,
      defaultLang: settings.defaultLang,
    })
    return { site, lang, color: settings.color }
  }

  return {
    async compose(input: {
      visitorId: string
      to: string
      entries: ConversationEntry[]
    }): Promise<ComposedMail> {
      const look = await lookOf(input.visitorId)
      const replyTo = options.replyTo?.(input.visitorId)
      const unsubscribe = options.unsubscribeUrl(input.visitorId, input.to)
      const rendered = renderEmail(input.entries, {
        ...look,
        continueUrl: await options.resumeUrl(input.visitorId),
        unsubscribeUrl: unsubscribe,
        canReply: replyTo !== undefined,
        publicUrl,
      })
      return {
        ...rendered,
        headers: unsubscribeHeaders(unsubscribe),
        ...(replyTo ? { replyTo } : {}),
      }
    },
    async composeConfirm(input: {
      visitorId: string
      to: string
      reason: ConfirmReason
      confirmUrl: string
    }): Promise<ComposedMail> {
      const look = await lookOf(input.visitorId)
      const unsubscribe = options.unsubscribeUrl(input.visitorId, input.to)
      const rendered = renderConfirm({
        ...look,
        reason: input.reason,
        confirmUrl: input.confirmUrl,
        unsubscribeUrl: unsubscribe,
      })
      return { ...rendered, headers: unsubscribeHeaders(unsubscribe) }
    },
  }
}
