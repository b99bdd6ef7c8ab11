import { publicConfigOf } from '../../shared/settings/public-config'
import type { Settings } from '../../shared/settings/settings-file'
import type { PublicConfig, PublicUploads } from '../../shared/widget-api'
import { chooseLanguage, offeredLanguages } from './language'

/** The public config for one request, with the language its texts were resolved to. */
export type LocalizedConfig = {
  config: PublicConfig
  lang: string
  /** True when the settings have texts in more than one language: the answer varies by Accept-Language. */
  varies: boolean
}

/**
 * The public config a request gets (GET /api/config, widget.js): texts in the `lang`
 * query parameter's language, else the best of Accept-Language, else `defaultLang`.
 *
 * @example const { config, varies } = localizedConfig(runtime.settings.current(), c.req.raw, Date.now())
 */
export function localizedConfig(
  settings: Settings,
  request: Request,
  now: number,
  /** What customers may attach (config.uploads). */
  uploads?: PublicUploads,
  /** E-mail is on (SMTP_URL): the widget offers transcripts. */
  email?: boolean,
): LocalizedConfig {
  const lang = chooseLanguage(settings, {
    acceptLanguage: request.headers.get('accept-language') ?? undefined,
    lang: new URL(request.url).searchParams.get('lang')?.slice(0, 35) || undefined,
  })
  return {
    config: publicConfigOf(settings, lang, now, uploads, email),
    lang,
    varies: offeredLanguages(settings).length > 1,
  }
}

/** Adds Accept-Language to a response's Vary when the config varies by language. */
export function varyByLanguage(response: Response, varies: boolean): Response {
  if (!varies) return response
  const vary = response.headers.get('vary')
  response.headers.set('vary', vary ? `${vary}, Accept-Language` : 'Accept-Language')
  return response
}
