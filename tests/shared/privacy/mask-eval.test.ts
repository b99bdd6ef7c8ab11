import { describe, expect, it } from 'vitest'
import {
  evaluateMasking,
  ORDINARY_CHANGED_TARGET,
  SECRETS_MASKED_TARGET,
} from '../../../scripts/mask-eval'

describe('masking on the fixtures (scripts/mask-eval.ts)', () => {
  const result = evaluateMasking()

  it('reads every card test number and IBAN in three spellings and three sentences, and 10,000 ordinary messages', () => {
    expect(result.secrets).toBeGreaterThanOrEqual(900)
    expect(result.ordinary).toBe(10_000)
  })

  it('hides every secret', () => {
    expect(result.secretsMasked / result.secrets).toBeGreaterThanOrEqual(SECRETS_MASKED_TARGET)
  })

  it('changes at most 0.1 % of the ordinary messages', () => {
    expect(result.ordinaryChanged / result.ordinary).toBeLessThanOrEqual(ORDINARY_CHANGED_TARGET)
  })
})
