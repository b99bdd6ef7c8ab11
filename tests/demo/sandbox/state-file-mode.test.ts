import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '../../support/temp-dirs'
import { channelInput, createTestSandbox } from '../support/test-sandbox'

const tempDir = useTempDirs('porthole-sandbox-mode-')
const modeOf = (path: string) => statSync(path).mode & 0o777

describe('the sandbox state file (channel endpoints, bot tokens) is private to its owner', () => {
  it('is written with mode 0600', () => {
    const file = join(tempDir(), 'sandbox.json')
    const sandbox = createTestSandbox({ stateFile: file, channels: [channelInput()] })
    sandbox.close()
    expect(modeOf(file)).toBe(0o600)
  })

  it('an existing readable one is made private at start and stays so after saves', () => {
    const dir = tempDir()
    const file = join(dir, 'sandbox.json')
    const first = createTestSandbox({ stateFile: file, channels: [channelInput()] })
    first.close()
    // As an older version (or a copy) left it: readable by everyone.
    writeFileSync(file, readFileSync(file, 'utf8'))
    chmodSync(file, 0o644)
    expect(modeOf(file)).toBe(0o644)
    // A temp file a crash left behind, readable by everyone.
    writeFileSync(`${file}.${process.pid}.tmp`, '{}', { mode: 0o644 })
    const second = createTestSandbox({ stateFile: file })
    expect(modeOf(file)).toBe(0o600)
    second.service.addAgent({ name: 'Carla' })
    second.close()
    expect(modeOf(file)).toBe(0o600)
  })
})
