import { describe, expect, it } from 'vitest'
import { explainListenError, isDemoStartError } from '../../../demo/launch/errors'

function createSocketError(code: string): Error {
  return Object.assign(new Error(`listen ${code}`), { code })
}

describe('explainListenError', () => {
  it('turns a busy port into advice naming the port and the variable', () => {
    const error = explainListenError(createSocketError('EADDRINUSE'), 'backend', 3000, 'PORT')
    expect(isDemoStartError(error)).toBe(true)
    expect(String(error)).toContain('Port 3000 is already in use, so the backend cannot start')
    expect(String(error)).toContain('PORT=3010 npm start')
  })

  it('explains a privileged port', () => {
    const error = explainListenError(createSocketError('EACCES'), 'sandbox', 80, 'SANDBOX_PORT')
    expect(String(error)).toContain('choose a port above 1023 with SANDBOX_PORT')
  })

  it('passes other errors through unchanged', () => {
    const original = createSocketError('ECONNRESET')
    expect(explainListenError(original, 'backend', 3000, 'PORT')).toBe(original)
  })
})
