import type { Language, PublicConfig } from '../../shared/widget-api'
import { pickLanguage } from '../i18n/language'
import { CONFIG_RULES } from '../protocol/public-config'

/** The settings the widget runs with: the site's config with the tag's overrides. */
export interface WidgetSettings extends Omit<PublicConfig, 'lang'> {
  lang: Language
}

/** The data-attributes of the script tag, as dataset keys. */
export type EmbedData = Record<string, string | undefined>

/**
 * Applies the tag's data-attributes (title, color, position, lang) over the site
 * owner's config; a bad attribute is reported and ignored. (data-invite-text and
 * data-invite-delay are read by the invitation's chunk, invite.ts.)
 */
export function resolveSettings(
  config: PublicConfig,
  data: EmbedData,
  browserLang?: string,
): WidgetSettings {
  const settings = { ...config } as Record<string, unknown>
  if (data.title) settings.title = data.title
  for (const key of ['color', 'position', 'lang'] as const) {
    const value = data[key]
    // lang: any en or ru tag (en-GB); pickLanguage reads it.
    const valid = key === 'lang' ? /^(en|ru)\b/i.test(value ?? '') : CONFIG_RULES[key](value)
    if (value === undefined || valid) {
      if (key !== 'lang' && value !== undefined) settings[key] = value
    } else
      console.error(
        `Porthole: ignoring data-${key}="${value}"; see the widget docs for valid values`,
      )
  }
  return { ...(settings as PublicConfig), lang: pickLanguage(data.lang, config.lang, browserLang) }
}

/** Black or white, whichever has the higher WCAG contrast on the accent colour. */
export function textColourOn(hex: string): '#000' | '#fff' {
  const digits = hex.length < 6 ? hex.replace(/\w/g, '$&$&') : hex
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(digits.slice(at, at + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  // Above this luminance black text has more contrast than white.
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? '#000' : '#fff'
}

/**
 * The frame's look from the settings: the accent colour and the text on it, the
 * launcher's distance from the edges, and light, dark or the visitor's scheme.
 */
export function applyLook(frame: HTMLElement, { color, offsets, theme }: WidgetSettings): void {
  const { x, y } = offsets ?? { x: 20, y: 20 }
  const scheme = theme === 'light' || theme === 'dark' ? theme : 'light dark'
  frame.style.cssText = `--ph-accent:${color};--ph-on-accent:${textColourOn(color)};--ph-x:${x}px;--ph-y:${y}px;color-scheme:${scheme}`
}
