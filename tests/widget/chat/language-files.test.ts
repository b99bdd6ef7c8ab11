import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { LANGUAGES } from '../../../shared/widget-api'
import {
  builtScripts,
  ensureWidgetBuild,
  entryFiles,
  readBuilt,
  staticClosure,
} from '../fixtures/built-widget'
import { createFakeBackend } from '../fixtures/fake-fetch'
import { mountTestWidget, type TestWidget } from '../fixtures/mount-widget'

beforeAll(ensureWidgetBuild, 180_000)

const widgets: TestWidget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})

describe('the chat in the visitor language only', () => {
  it('builds one file per language beside the chat, each starting the chat from it', () => {
    const { chat } = entryFiles()
    const name = chat.replace(/^assets\//, '')
    for (const lang of LANGUAGES) {
      const file = `${chat}${lang}.js`
      expect(builtScripts()).toContain(file)
      // It re-exports startChat from the chat chunk: the loader starts the chat from it.
      expect(readBuilt(file)).toContain(`export{startChat}from"./${name}"`)
      expect(staticClosure(file).has(chat)).toBe(true)
    }
  })

  it('keeps the Russian strings out of the chat chunk and in the Russian file, which the chat imports by that name', () => {
    const { chat } = entryFiles()
    const russian = `${chat}ru.js`
    expect(readBuilt(russian)).toContain('Закрыть чат')
    expect(readBuilt(chat)).not.toContain('Закрыть чат')
    // Not a static import (English visitors never fetch it), but the name the chat asks for.
    expect(staticClosure(chat).has(russian)).toBe(false)
    expect(readBuilt(chat)).toContain(`import(\`./${russian.replace(/^assets\//, '')}\`)`)
    // English is in the chat chunk; its file only starts the chat.
    expect(readBuilt(`${chat}en.js`)).not.toMatch(/Close chat/)
    expect(readBuilt(chat)).toContain('Close chat')
  })

  it('the loader asks for the chat with the visitor language, and a Russian chat speaks Russian', async () => {
    const loadChat = vi.fn(() => import('../../../widget/chat/start-chat'))
    const widget = await mountTestWidget({
      backend: createFakeBackend({ config: { lang: 'ru' } }),
      loadChat,
    })
    widgets.push(widget)
    widget.widget.api.open()
    await widget.screen.findByRole('button', { name: 'Закрыть чат' })
    expect(loadChat).toHaveBeenCalledWith('ru')
  })
})
