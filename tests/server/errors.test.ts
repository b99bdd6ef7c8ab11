import { describe, expect, expectTypeOf, it } from 'vitest'
import { DemoStartError } from '../../demo/launch/errors'
import { StateFileError } from '../../demo/sandbox/persistence/state-file'
import { SandboxError } from '../../demo/sandbox/service/errors'
import { BotConfigError, BotSettingsError, InvalidBotEventError } from '../../server/bot/errors'
import { ConfigError } from '../../server/config/errors'
import { hasErrorCode, isPortholeError, PortholeError } from '../../server/errors'
import { SessionError } from '../../server/session/session-error'
import { closedStoreError, StoreError } from '../../server/store/errors'

describe('PortholeError', () => {
  const cases: Array<[PortholeError, string, string]> = [
    [
      new ConfigError([{ variable: 'PORT', problem: 'is not a number' }]),
      'ConfigError',
      'invalid_config',
    ],
    [new BotConfigError('no token'), 'BotConfigError', 'invalid_bot_options'],
    [new BotSettingsError(['rules[0]: empty']), 'BotSettingsError', 'invalid_bot_settings'],
    [new InvalidBotEventError('bad event'), 'InvalidBotEventError', 'invalid_bot_event'],
    [new StoreError('redis: append failed'), 'StoreError', 'store_failed'],
    [closedStoreError('memory'), 'StoreError', 'store_closed'],
    [new SessionError('session_expired', 'sign in again'), 'SessionError', 'session_expired'],
    [new SandboxError('not_found', 'no such chat'), 'SandboxError', 'not_found'],
    [new StateFileError('not JSON'), 'StateFileError', 'invalid_state_file'],
    [new DemoStartError('port in use'), 'DemoStartError', 'demo_start_failed'],
  ]

  it.each(cases)('%s keeps its name and has a code', (error, name, code) => {
    expect(error).toBeInstanceOf(Error)
    expect(error).toBeInstanceOf(PortholeError)
    expect(isPortholeError(error)).toBe(true)
    expect(error.name).toBe(name)
    expect(error.code).toBe(code)
    expect(String(error)).toBe(`${name}: ${error.message}`)
    expect(error.stack).toContain(name)
  })

  it('keeps the messages the README and the tests pin', () => {
    expect(new ConfigError([{ variable: 'PORT', problem: 'is not a number' }]).message).toBe(
      'Porthole cannot start, fix the configuration:\n  - PORT: is not a number',
    )
    expect(new BotSettingsError(['a', 'b']).message).toBe(
      'Invalid "bot" section in the settings file (PORTHOLE_CONFIG):\n- a\n- b',
    )
    expect(closedStoreError('sqlite').message).toBe(
      'the sqlite store is closed: create a new one with createStore()',
    )
  })

  it('keeps the cause', () => {
    const cause = new Error('ECONNREFUSED')
    expect(new StoreError('redis: ping failed', { cause }).cause).toBe(cause)
  })

  it('tells errors by code, and other errors apart', () => {
    expect(hasErrorCode(closedStoreError('redis'), 'store_closed')).toBe(true)
    expect(hasErrorCode(new StoreError('x'), 'store_closed')).toBe(false)
    expect(
      hasErrorCode(new SessionError('invalid_ticket', 'x'), 'invalid_ticket', 'ticket_expired'),
    ).toBe(true)
    const plain = Object.assign(new Error('x'), { code: 'store_closed' })
    expect(isPortholeError(plain)).toBe(false)
    expect(hasErrorCode(plain, 'store_closed')).toBe(false)
    expect(isPortholeError('store_failed')).toBe(false)
  })

  it('types the code as the union of its area', () => {
    expectTypeOf(new StoreError('x').code).toEqualTypeOf<
      'store_failed' | 'store_closed' | 'visitor_erased'
    >()
    expectTypeOf(new SessionError('unauthorized', 'x').name).toEqualTypeOf<'SessionError'>()
    const error: unknown = closedStoreError('memory')
    if (hasErrorCode(error, 'store_closed'))
      expectTypeOf(error.code).toEqualTypeOf<'store_closed'>()
  })
})
