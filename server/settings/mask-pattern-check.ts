import type { PrivacySettings } from '../../shared/settings/privacy-settings'
import { rulePatternProblem } from '../bot/rule-pattern'

/**
 * The own masking patterns the linear-time engine (RE2, as for the bot's patterns) cannot
 * run, as field problems: the settings file and the studio's saves refuse them, so every
 * pattern runs in linear time in the server as well as in the browser.
 *
 * @example maskPatternProblems(settings.privacy) // [{ path: 'privacy.maskPatterns.0', message: '…' }]
 */
export function maskPatternProblems(
  privacy: Partial<PrivacySettings> | undefined,
): { path: string; message: string }[] {
  return (privacy?.maskPatterns ?? []).flatMap((pattern, at) => {
    const message = rulePatternProblem(pattern)
    return message === undefined ? [] : [{ path: `privacy.maskPatterns.${at}`, message }]
  })
}
