import { describe, expect, it } from 'vitest'
import { listOption, numberOption, optionValue } from '../../../bench/lib/argv'

describe('a bench command’s option', () => {
  const argv = ['node', 'run.ts', '--runs', '5', '--quick', '--streams']

  it('is the word after its name', () => {
    expect(optionValue('--runs', argv)).toBe('5')
  })

  it('is undefined when not given', () => {
    expect(optionValue('--only', argv)).toBeUndefined()
  })

  it('is an error when given with nothing after it', () => {
    expect(() => optionValue('--streams', argv)).toThrow('--streams takes a value')
  })

  it('reads as a number where one is wanted, NaN for a word', () => {
    expect(numberOption('--runs', argv)).toBe(5)
    expect(numberOption('--only', argv)).toBeUndefined()
    expect(numberOption('--runs', ['--runs', 'five'])).toBeNaN()
  })

  it('reads a list of known items, all of them when not given, an error naming them otherwise', () => {
    const known = ['new', 'touched', 'returning'] as const
    expect(listOption('--visitors', known, ['--visitors', 'returning,new'])).toEqual([
      'returning',
      'new',
    ])
    expect(listOption('--visitors', known, [])).toEqual(known)
    expect(() => listOption('--visitors', known, ['--visitors', 'new,old'])).toThrow(
      '--visitors takes a comma-separated list of new, touched, returning; got old',
    )
  })
})
