import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  builtScripts,
  ensureWidgetBuild,
  entryFiles,
  readBuilt,
  staticClosure,
} from '../../../kit/built-widget'
import { LANGUAGES } from '../../../shared/widget-api'
import type { Translation } from '../../../widget/i18n/translation'
import { createFakeBackend } from '../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../support/mount-widget'

beforeAll(ensureWidgetBuild, 180_000)

const widgets: TestWidget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})

describe('the widget in the visitor language only', () => {
  // First: happy-dom throws in ShadowRoot.activeElement once an earlier widget's focused
  // element was removed with it (window-shell.ts reads it when the chat's window comes).
  it('the chat speaks from the file the loader fetched, and fetches none itself', async () => {
    const loadLanguage = vi.fn(async (lang: string) => {
      const module = await import(`../../../widget/i18n/languages/${lang}.json`)
      const words = module.default as Translation
      return { default: { ...words, chat: { ...words.chat, close: 'Закрыть (из загрузчика)' } } }
    })
    const widget = await mountTestWidget({
      backend: createFakeBackend({ config: { lang: 'ru' } }),
      loadLanguage,
    })
    widgets.push(widget)
    widget.widget.api.open()
    await widget.screen.findByRole('button', { name: 'Закрыть (из загрузчика)' })
    expect(loadLanguage).toHaveBeenCalledTimes(1)
  })

  it('builds one file per language but English beside the chat, importing nothing', () => {
    const { chat, loader } = entryFiles()
    for (const lang of LANGUAGES.filter((each) => each !== 'en')) {
      const file = `${chat}${lang}.js`
      expect(builtScripts()).toContain(file)
      // The loader fetches it before engagement: it must not pull in the chat.
      expect(staticClosure(file)).toEqual(new Set([file]))
      expect(staticClosure(loader).has(file)).toBe(false)
    }
    expect(builtScripts()).not.toContain(`${chat}en.js`)
  })

  it('keeps every other language out of the loader and the chat, which imports each by its name', () => {
    const { chat, loader } = entryFiles()
    const loaderCode = [...staticClosure(loader)].map(readBuilt).join('\n')
    for (const [lang, text] of [
      ['ru', 'Закрыть чат'],
      ['ja', 'チャットを閉じる'],
      ['ar', 'إغلاق المحادثة'],
    ] as const) {
      const file = `${chat}${lang}.js`
      expect(readBuilt(file)).toContain(text)
      expect(readBuilt(chat)).not.toContain(text)
      expect(loaderCode).not.toContain(text)
      expect(staticClosure(chat).has(file)).toBe(false)
      // The loader hands the chat its file: the chat names no language file.
      expect(readBuilt(chat)).not.toContain(`${lang}.js`)
    }
    // English is built in: the loader's strings in the loader, the chat's in the chat.
    expect(readBuilt(chat)).toContain('Close chat')
    expect(loaderCode).toContain('Open chat')
  })

  it('a Russian visitor gets the launcher and the chat in Russian, from the Russian file', async () => {
    const loadLanguage = vi.fn(
      (lang: string) => import(`../../../widget/i18n/languages/${lang}.json`),
    )
    const widget = await mountTestWidget({
      backend: createFakeBackend({ config: { lang: 'ru' } }),
      loadLanguage,
    })
    widgets.push(widget)
    expect(loadLanguage).toHaveBeenCalledWith('ru')
    widget.screen.getByRole('button', { name: 'Открыть чат' })
    widget.widget.api.open()
    await widget.screen.findByRole('button', { name: 'Закрыть чат' })
  })

  it('an English visitor fetches no language file', async () => {
    const loadLanguage = vi.fn(() => Promise.reject(new Error('not for English')))
    const widget = await mountTestWidget({ loadLanguage })
    widgets.push(widget)
    widget.screen.getByRole('button', { name: 'Open chat' })
    expect(loadLanguage).not.toHaveBeenCalled()
  })

  it('falls back to English when the language file cannot load', async () => {
    const widget = await mountTestWidget({
      backend: createFakeBackend({ config: { lang: 'ja' } }),
      loadLanguage: () => Promise.reject(new Error('offline')),
    })
    widgets.push(widget)
    widget.screen.getByRole('button', { name: 'Open chat' })
  })

  it('lays out Arabic right to left on a left-to-right page, Japanese as the page is', async () => {
    const arabic = await mountTestWidget({ backend: createFakeBackend({ config: { lang: 'ar' } }) })
    widgets.push(arabic)
    const frame = (widget: TestWidget) => widget.root.querySelector<HTMLElement>('.ph-frame')
    expect(frame(arabic)?.dir).toBe('rtl')
    expect(frame(arabic)?.lang).toBe('ar')
    arabic.screen.getByRole('button', { name: 'فتح المحادثة' })
    const japanese = await mountTestWidget({
      backend: createFakeBackend({ config: { lang: 'ja' } }),
    })
    widgets.push(japanese)
    expect(frame(japanese)?.dir).toBe('ltr')
  })
})
