import type { Language, PublicConfig } from '../../shared/widget-api'
import { languageOf, pickLanguage } from '../i18n/language'
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
  for (const key of ['title', 'color', 'position', 'lang'] as const) {
    const value = data[key]
    // An empty attribute is no attribute. lang: any tag of a widget language (en-GB), read below.
    if (!value) continue
    if (key === 'lang' ? languageOf(value) : CONFIG_RULES[key](value)) settings[key] = value
    else console.error(`Porthole: ignoring data-${key}="${value}"`)
  }
  return { ...(settings as PublicConfig), lang: pickLanguage(data.lang, config.lang, browserLang) }
}

/** Black or white, whichever has the higher WCAG contrast on the accent colour. */
export function textColourOn(hex: string): '#000' | '#fff' {
  const digits = hex.length < 6 ? hex.replace(/\w/g, '$&$&') : hex
  let luminance = 0
  for (const [at, weight] of [
    [1, 0.2126],
    [3, 0.7152],
    [5, 0.0722],
  ] as const) {
    const channel = Number.parseInt(digits.slice(at, at + 2), 16) / 255
    luminance +=
      weight * (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4)
  }
  // Above this luminance black text has more contrast than white.
  return luminance > 0.179 ? '#000' : '#fff'
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
