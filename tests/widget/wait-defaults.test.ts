import { getConfig } from '@testing-library/preact'
import { expect, it } from 'vitest'
import { REAL_WORK_TIMEOUT_MS } from '../support/timeouts'

// invite.test.ts failed on a loaded machine: Testing Library's 1 s default was shorter
// than the dynamic imports it waited for (0.7 s when idle).
it('Testing Library waits REAL_WORK_TIMEOUT_MS for real work by default', () => {
  expect(getConfig().asyncUtilTimeout).toBe(REAL_WORK_TIMEOUT_MS)
})
