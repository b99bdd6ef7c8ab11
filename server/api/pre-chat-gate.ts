import { isOpenAt } from '../../shared/settings/business-hours'
import { type PreChatField, preChatConsentVersion } from '../../shared/settings/pre-chat'
import type { Settings } from '../../shared/settings/settings-file'
import type { StoredContact } from '../../shared/widget-api'
import type { StatusCache } from '../channel/status'
import { apiError } from '../http/api-error'
import type { Consents, ConversationLog } from '../store/types'

/**
 * What the pre-chat form still needs of a visitor (settings `preChat`): the required
 * contact fields their profile lacks, and `consent` when the form shows the checkbox and
 * they have not agreed to its version. Empty when nothing is missing.
 */
export async function missingPreChat(
  settings: Settings,
  contact: StoredContact,
  consents: () => Promise<{ version: string }[]>,
): Promise<PreChatField[]> {
  const { fields, required, consentText, consentUrl } = settings.preChat
  const missing: PreChatField[] = required.filter((field) => !contact[field]?.trim())
  if (fields.includes('consent')) {
    const version = preChatConsentVersion(consentText, consentUrl)
    if (!(await consents()).some((consent) => consent.version === version)) missing.push('consent')
  }
  return missing
}

/**
 * Refuses a conversation's first customer message (409 `pre_chat_required`) while the
 * pre-chat form asks for something the visitor has not given. Only while someone can
 * answer (the channel online, inside the business hours): otherwise the offline form,
 * with its own fields, starts the conversation. A message of a conversation in progress
 * always passes, so turning the form on never strands one.
 */
export async function enforcePreChat(
  deps: { store: ConversationLog & Consents; status: StatusCache; now: number },
  settings: Settings,
  visitorId: string,
  contact: StoredContact,
): Promise<void> {
  if (settings.preChat.fields.length === 0) return
  const [last] = await deps.store.readBefore(visitorId, undefined, 1)
  if (last && !last.ended) return
  if (settings.businessHours && !isOpenAt(settings.businessHours, deps.now)) return
  if (!(await deps.status.get())) return
  const missing = await missingPreChat(settings, contact, () => deps.store.listConsents(visitorId))
  if (missing.length === 0) return
  throw apiError(
    409,
    'pre_chat_required',
    `The pre-chat form asks for ${missing.join(', ')} before a conversation starts: give the contact with POST /api/session {"token","contact"} and the consent with POST /api/visitor/consent, then send the message again.`,
  )
}
