import { z } from 'zod'
import { MAX_MASK_PATTERNS, maskPatternProblem } from '../privacy/mask-pattern'

const MaskPattern = z.string().superRefine((pattern, ctx) => {
  const problem = maskPatternProblem(pattern)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/**
 * The settings file's `privacy` section. `maskPatterns`: the site owner's own patterns
 * (JavaScript regular expressions, matched case-insensitively) whose matches the widget
 * and the server hide, beside card numbers and IBANs (shared/privacy/mask-secrets.ts).
 */
export const PrivacySettings = z.strictObject({
  maskPatterns: z
    .array(MaskPattern)
    .max(MAX_MASK_PATTERNS, `must hold at most ${MAX_MASK_PATTERNS} patterns`)
    .default([]),
})
export type PrivacySettings = z.output<typeof PrivacySettings>
