import { z } from 'zod'
import { MAX_MASK_PATTERNS, maskPatternProblem } from '../privacy/mask-pattern'
import { httpsLinkOrEmpty } from './https-link'
import { siteText } from './site-text'

const MaskPattern = z.string().superRefine((pattern, ctx) => {
  const problem = maskPatternProblem(pattern)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

export const CONSENT_MODES = ['none', 'required'] as const
export type ConsentMode = (typeof CONSENT_MODES)[number]

/**
 * The site owner's privacy settings (the settings file's `privacy` key). `consent`
 * `"required"`: the chat window asks the visitor to agree before anything is stored in
 * their browser or sent (docs/site-owners/privacy.md). `maskPatterns`: the site owner's
 * own patterns (JavaScript regular expressions, matched case-insensitively) whose matches
 * the widget and the server hide, beside card numbers and IBANs
 * (shared/privacy/mask-secrets.ts).
 */
export const PrivacySettings = z.strictObject({
  /** `none`: no consent step (the default); `required`: the consent step before the chat. */
  consent: z.enum(CONSENT_MODES, { error: 'must be none or required' }).default('none'),
  /** What the visitor agrees to; absent: the widget's own text in the visitor's language. */
  consentText: siteText(1000).optional(),
  /** The site's privacy policy, linked from the consent step; empty: no link. */
  policyUrl: httpsLinkOrEmpty(),
  maskPatterns: z
    .array(MaskPattern)
    .max(MAX_MASK_PATTERNS, `must hold at most ${MAX_MASK_PATTERNS} patterns`)
    .default([]),
})
export type PrivacySettings = z.output<typeof PrivacySettings>

/**
 * The version of a consent text: a short hash of the text in one language and the policy's
 * URL (cyrb53, base 36), so the widget asks again when either changes. At most 11
 * characters of [0-9a-z], as POST /api/visitor/consent takes.
 *
 * @example consentVersion('We keep this conversation…', 'https://shop.example/privacy')
 */
export function consentVersion(text: string, policyUrl: string): string {
  const input = `${text}\n${policyUrl}`
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}
