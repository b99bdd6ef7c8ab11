import { describe, expect, it } from 'vitest'
import { settingFacts } from '../../studio/src/fields/setting-schema'

describe('settingFacts: what the form reads from the settings schema', () => {
  it('reads bounds and defaults of numbers, nested and in lists', () => {
    expect(settingFacts('statusPollSeconds')).toEqual({ min: 5, max: 3600, fallback: 30 })
    expect(settingFacts('offsets.x')).toEqual({ min: 0, max: 400, fallback: 20 })
    expect(settingFacts('email.afterSeconds')).toEqual({ min: 10, max: 604800, fallback: 120 })
    expect(settingFacts('invitations.3.when.minPageViews')).toEqual({ min: 1, max: 1000 })
    expect(settingFacts('invitations.#.when.secondsOnPage')).toEqual({ min: 0, max: 86400 })
    expect(settingFacts('chatIdleMinutes')).toEqual({ min: 1, max: 43200 })
  })

  it('reads the values and the default of a choice, and of a flag', () => {
    expect(settingFacts('position')).toEqual({
      fallback: 'bottom-right',
      options: ['bottom-right', 'bottom-left'],
    })
    expect(settingFacts('team.replyTime').fallback).toBe('hidden')
    expect(settingFacts('invitations.0.frequency').fallback).toBe('once-per-session')
    expect(settingFacts('sound')).toEqual({ fallback: true })
    expect(settingFacts('email.missedReplies')).toEqual({ fallback: true })
  })

  it('reads the longest text a string setting takes', () => {
    expect(settingFacts('bot.modelAnswers.instructions')).toEqual({ fallback: '', maxLength: 1000 })
    expect(settingFacts('title').maxLength).toBeUndefined()
  })

  it('knows nothing of a path the schema does not have', () => {
    expect(settingFacts('nope')).toEqual({})
    expect(settingFacts('offsets.z')).toEqual({})
    expect(settingFacts('title.en.x')).toEqual({})
  })
})
