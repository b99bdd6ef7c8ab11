// WCAG 2.x contrast checks of the accent colour as the widget uses it: as the launcher's
// and bubbles' background under black or white text (whichever contrasts more, as
// widget/loader/settings.ts textColourOn picks it; AA for text needs 4.5:1), and as focus
// rings and borders on the widget's light and dark backgrounds (AA for user-interface
// parts, 1.4.11, needs 3:1). A translucent accent is blended over the background first.

export const AA_TEXT = 4.5
export const AA_NON_TEXT = 3

type Rgb = [number, number, number]

/** The channels (0–255) and alpha (0–1) of #rgb, #rgba, #rrggbb or #rrggbbaa. */
export function parseHex(hex: string): { rgb: Rgb; alpha: number } | undefined {
  const match = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex.trim())
  if (!match?.[1]) return undefined
  const digits = match[1].length <= 4 ? match[1].replace(/./g, '$&$&') : match[1]
  const channel = (at: number) => Number.parseInt(digits.slice(at, at + 2), 16)
  return {
    rgb: [channel(0), channel(2), channel(4)],
    alpha: digits.length === 8 ? channel(6) / 255 : 1,
  }
}

export function luminance([r, g, b]: Rgb): number {
  const [lr = 0, lg = 0, lb = 0] = [r, g, b].map((value) => {
    const channel = value / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
}

export const contrastRatio = (a: number, b: number) =>
  (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)

const blend = (rgb: Rgb, alpha: number, under: Rgb): Rgb =>
  rgb.map((value, i) => value * alpha + (under[i] ?? 0) * (1 - alpha)) as Rgb

/** The widget's window backgrounds (widget/loader/loader-styles.ts). */
export const BACKGROUNDS: Record<'light' | 'dark', Rgb> = {
  light: [255, 255, 255],
  dark: [0x1c, 0x1f, 0x26],
}

const round = (value: number) => Math.floor(value * 100) / 100

export interface ContrastReport {
  /** The text colour the widget writes on this accent. */
  text: 'black' | 'white'
  /** The worst text contrast over the light and dark backgrounds. */
  textRatio: number
  /** The accent against each window background. */
  edge: Record<'light' | 'dark', number>
  problems: string[]
}

/** The accent's contrast report; undefined when `hex` is not a hex colour. */
export function checkContrast(hex: string): ContrastReport | undefined {
  const parsed = parseHex(hex)
  if (!parsed) return undefined
  const shown = (under: Rgb) => luminance(blend(parsed.rgb, parsed.alpha, under))
  // The widget picks the text colour from the opaque colour (it ignores alpha).
  const text = luminance(parsed.rgb) > 0.179 ? 'black' : 'white'
  const textLuminance = text === 'black' ? 0 : 1
  const textRatio = round(
    Math.min(
      contrastRatio(shown(BACKGROUNDS.light), textLuminance),
      contrastRatio(shown(BACKGROUNDS.dark), textLuminance),
    ),
  )
  const edge = {
    light: round(contrastRatio(shown(BACKGROUNDS.light), luminance(BACKGROUNDS.light))),
    dark: round(contrastRatio(shown(BACKGROUNDS.dark), luminance(BACKGROUNDS.dark))),
  }
  const problems: string[] = []
  if (textRatio < AA_TEXT) {
    problems.push(
      `${text === 'black' ? 'Black' : 'White'} text on this colour has a contrast of ${textRatio}:1; WCAG AA needs ${AA_TEXT}:1. Use an opaque, darker or lighter colour.`,
    )
  }
  for (const mode of ['light', 'dark'] as const) {
    if (edge[mode] < AA_NON_TEXT) {
      problems.push(
        `On the ${mode} theme the colour's buttons and focus ring have a contrast of ${edge[mode]}:1 with the background; WCAG AA needs ${AA_NON_TEXT}:1.`,
      )
    }
  }
  return { text, textRatio, edge, problems }
}
