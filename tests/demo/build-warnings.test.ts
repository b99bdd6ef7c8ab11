import { join } from 'node:path'
import { createLogger, resolveConfig } from 'vite'
import { describe, expect, it } from 'vitest'
import { VITE_CONFIGS, viteBuildOptions } from '../../scripts/vite-builds.mjs'

const root = process.cwd()

// `npm start` builds dist/ first when it is stale: a warning there greets every new user.
describe('the build npm start runs', () => {
  it.each(VITE_CONFIGS)(
    'loads %s without a warning (issue 35, defect 12)',
    { timeout: 60_000 },
    async (config) => {
      const warnings: string[] = []
      const logger = createLogger('warn')
      logger.warn = (message) => warnings.push(message)
      logger.warnOnce = (message) => warnings.push(message)
      await resolveConfig(
        { ...viteBuildOptions(join(root, config)), customLogger: logger },
        'build',
        'production',
      )
      expect(warnings).toEqual([])
    },
  )
})
