import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SettingsFile } from '../../shared/settings/settings-file'
import { EN_LOADER_STRINGS } from '../../widget/i18n/loader-strings'

const read = (page: string) => readFileSync(page, 'utf8')
const demo = SettingsFile.parse(JSON.parse(read('demo/porthole.config.json')))

// Issue 35, defect 11: the README said the demo's launcher label says "Leave a message",
// where by default (launcherLabel never) no text shows beside it.
describe('what the docs say the launcher shows', () => {
  it('the README describes the demo’s launcher as its settings draw it', () => {
    const readme = read('README.md')
    const start = readme.indexOf('**The demo site**')
    const paragraph = readme.slice(start, readme.indexOf('\n\n', start))
    expect(demo.launcherLabel).toBe('never')
    expect(paragraph).not.toMatch(/label says/)
    expect(paragraph).toContain('`launcherLabel`')
    expect(paragraph).toContain(`"${EN_LOADER_STRINGS.openChat}. ${EN_LOADER_STRINGS.offline}"`)
  })

  it('the embedding page says when the status shows beside the launcher', () => {
    const page = read('docs/site-owners/embedding.md')
    const start = page.indexOf('- **Launcher**')
    const item = page.slice(start, page.indexOf('\n- ', start + 1))
    expect(item).toContain('`launcherLabel`')
    expect(item).not.toMatch(/the label says/)
  })
})
