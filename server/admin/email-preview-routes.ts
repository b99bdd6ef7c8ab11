import { Hono } from 'hono'
import { z } from 'zod'
import { EmailSettings } from '../../shared/settings/email-settings'
import { type ConversationEntry, LANGUAGES, type Language } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { emailSite } from '../email/email-site'
import { renderEmail } from '../email/render/render-email'
import { apiError } from '../http/api-error'
import { readJsonRequest } from '../http/json-body'
import type { Runtime } from '../runtime'
import type { AdminEnv } from './admin-access'

const MAX_PREVIEW_BYTES = 512 * 1024

/** `settings`: the studio's unsaved settings (the whole draft); only what the e-mail uses is read. */
const PreviewRequest = z.object({
  lang: z.enum(LANGUAGES),
  settings: z.record(z.string(), z.unknown()).optional(),
})

const HEX_COLOR = /^#[0-9a-fA-F]{3,8}$/

/** What the sample agents write, per language; a language without its own gets English. */
const SAMPLE_REPLIES: Partial<Record<Language, { name: string; texts: string[] }>> = {
  en: {
    name: 'Anna',
    texts: [
      'Hello! Yes, the tent comes in green and in sand.',
      'I have put one aside for you until Friday. Shall I send the order link?',
    ],
  },
  ru: {
    name: 'Анна',
    texts: [
      'Здравствуйте! Да, эта палатка есть в зелёном и песочном цвете.',
      'Я отложила одну для вас до пятницы. Прислать ссылку на заказ?',
    ],
  },
}

function sampleEntries(lang: Language, at: number): ConversationEntry[] {
  const sample = SAMPLE_REPLIES[lang] ?? SAMPLE_REPLIES.en
  return (sample?.texts ?? []).map((text, index) => ({
    id: `preview-${index + 1}`,
    author: 'agent' as const,
    name: sample?.name ?? 'Anna',
    content: { type: 'text' as const, text },
    at: at + index * 1000,
  }))
}

/**
 * POST /admin/api/email/preview `{lang, settings?}` → `{subject, html, text}`: the
 * missed-replies e-mail a visitor would get, rendered by the server's own renderer with
 * sample agent replies and the studio's unsaved settings (their `email` and `color`,
 * each only when valid: the saved ones otherwise). Mounted behind the admin API's
 * authentication and same-origin rule (admin-routes.ts). The links are placeholders:
 * a real e-mail carries a signed resume link and an unsubscribe link of its own.
 *
 * @example app.route('/', emailPreviewRoutes(deps, runtime)) // after access.required
 */
export function emailPreviewRoutes(deps: AppDeps, runtime: Runtime): Hono<AdminEnv> {
  const publicUrl = deps.config.publicUrl.replace(/\/+$/, '')
  return new Hono<AdminEnv>().post('/admin/api/email/preview', async (c) => {
    const body = await readJsonRequest(c, MAX_PREVIEW_BYTES)
    const request = PreviewRequest.safeParse(body)
    if (!request.success)
      throw apiError(
        400,
        'invalid_request',
        `Send {"lang": one of ${LANGUAGES.join(', ')}, "settings": {…} (optional)}.`,
      )
    const saved = runtime.settings.current()
    const draft = request.data.settings ?? {}
    const email = EmailSettings.safeParse(draft.email ?? {})
    const settings = email.success ? email.data : saved.email
    const color =
      typeof draft.color === 'string' && HEX_COLOR.test(draft.color) ? draft.color : saved.color
    const rendered = renderEmail(sampleEntries(request.data.lang, deps.now()), {
      lang: request.data.lang,
      site: emailSite(deps.config.email, settings.continueUrl, publicUrl),
      color,
      continueUrl: `${publicUrl}/r/preview`,
      unsubscribeUrl: `${publicUrl}/email/unsubscribe/preview`,
      canReply: deps.config.inboundEmail !== undefined,
      publicUrl,
    })
    return c.json(rendered)
  })
}
