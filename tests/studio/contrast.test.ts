import { describe, expect, it } from 'vitest'
import { checkContrast, contrastRatio, luminance, parseHex } from '../../studio/src/contrast'

describe('accent contrast', () => {
  it('parses 3, 4, 6 and 8 digit hex colours, and nothing else', () => {
    expect(parseHex('#fff')).toEqual({ rgb: [255, 255, 255], alpha: 1 })
    expect(parseHex('#0f766e80')?.alpha).toBeCloseTo(0.5, 2)
    expect(parseHex('red')).toBeUndefined()
    expect(parseHex('#12345')).toBeUndefined()
  })

  it('computes WCAG ratios (black on white is 21:1)', () => {
    expect(contrastRatio(luminance([0, 0, 0]), luminance([255, 255, 255]))).toBeCloseTo(21, 5)
  })

  it('passes a strong colour and names the text colour the widget uses', () => {
    const report = checkContrast('#0f766e')
    expect(report?.text).toBe('white')
    expect(report?.textRatio).toBeGreaterThanOrEqual(4.5)
    expect(report?.problems).toEqual([])
  })

  it('warns when the accent is too pale for its buttons on a light background', () => {
    const report = checkContrast('#ffe27a')
    expect(report?.text).toBe('black')
    expect(report?.problems.join(' ')).toMatch(/light theme.*WCAG AA needs 3:1/)
  })

  it('warns when text on a translucent accent fails AA', () => {
    const report = checkContrast('#1f6feb40')
    expect(report?.textRatio).toBeLessThan(4.5)
    expect(report?.problems[0]).toMatch(
      /text on this colour has a contrast of .*WCAG AA needs 4.5:1/,
    )
  })

  it('says nothing about what is not a colour (the field shows its own error)', () => {
    expect(checkContrast('#xyz')).toBeUndefined()
  })
})
