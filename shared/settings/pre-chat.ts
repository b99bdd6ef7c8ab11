import { z } from 'zod'
import { httpsLinkOrEmpty } from './https-link'
import { consentVersion } from './privacy-settings'
import { type SiteText, siteText } from './site-text'

/** What a pre-chat form may ask, in the order the site owner lists them. */
export const PRE_CHAT_FIELDS = ['name', 'email', 'phone', 'consent'] as const
export type PreChatField = (typeof PRE_CHAT_FIELDS)[number]
/** The contact fields among them: what `required` may name (a shown consent is always required). */
export const PRE_CHAT_CONTACT_FIELDS = ['name', 'email', 'phone'] as const
export type PreChatContactField = (typeof PRE_CHAT_CONTACT_FIELDS)[number]

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length

/**
 * The form the chat window shows before a conversation while someone is online (the
 * settings file's `preChat` key; docs/site-owners/pre-chat.md). `fields` empty: no form.
 * The backend refuses a conversation's first message (POST /api/messages, 409
 * `pre_chat_required`) until the visitor's contact holds every `required` field and,
 * when `consent` is among `fields`, the visitor agreed to the consent text's version.
 */
export const PreChatSettings = z
  .strictObject({
    /** Shown, in this order; empty: no pre-chat form (the default). */
    fields: z
      .array(z.enum(PRE_CHAT_FIELDS, { error: 'must be name, email, phone or consent' }))
      .refine(unique, 'must name each field once')
      .default([]),
    /** The contact fields the visitor must give; each must be shown. */
    required: z
      .array(z.enum(PRE_CHAT_CONTACT_FIELDS, { error: 'must be name, email or phone' }))
      .refine(unique, 'must name each field once')
      .default([]),
    /** The consent checkbox's text; absent: the widget's own in the visitor's language. */
    consentText: siteText(500).optional(),
    /** The page the consent checkbox links to (the privacy policy); empty: no link. */
    consentUrl: httpsLinkOrEmpty(),
  })
  .superRefine((form, ctx) => {
    const hidden = form.required.filter((field) => !form.fields.includes(field))
    if (hidden.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['required'],
        message: `cannot require ${hidden.join(', ')} while it is not among fields`,
      })
    if (form.fields.length > 0 && form.required.length === 0 && !form.fields.includes('consent'))
      ctx.addIssue({
        code: 'custom',
        path: ['required'],
        message:
          'require at least one field (or show consent): a form asking nothing is never shown',
      })
  })
export type PreChatSettings = z.output<typeof PreChatSettings>

/**
 * The version of the pre-chat consent: a hash of its texts in every language and its
 * link, so a change to either asks again. Kept apart from the consent step's versions
 * (the same store holds both) by what it hashes.
 *
 * @example preChatConsentVersion({ en: 'I agree…' }, 'https://shop.example/privacy')
 */
export function preChatConsentVersion(text: SiteText | undefined, url: string): string {
  return consentVersion(`pre-chat\n${JSON.stringify(text ?? null)}`, url)
}
