// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest'
import { builtScripts, ensureWidgetBuild, readBuilt } from '../../../kit/built-widget'
import en from '../../../widget/i18n/languages/en.json'

beforeAll(ensureWidgetBuild, 180_000)

/** The built files (hash aside) holding a text. */
const holding = (text: string) =>
  builtScripts()
    .filter((file) => readBuilt(file).includes(text))
    .map((file) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, ''))

describe('English in the built widget (widget/i18n/languages/en.json)', () => {
  it.each([
    ['the launcher', en.loader.openChat, 'loader'],
    ["the invitation's close button", en.loader.dismiss, 'invite'],
    ['the message box', en.chat.placeholder, 'chat'],
    // What only the conversation's list shows comes with it (chat/components/list-strings.ts).
    ['a delivery mark', en.chat.delayed, 'engine'],
    ['the earlier pages button', en.chat.loadEarlier, 'engine'],
    ['the home screen', en.home.start, 'HomeScreen'],
    ['the end-of-chat panel', en.ended.rate, 'EndOfChat'],
    ['the pre-chat form', en.preChat.intro, 'PreChat'],
    // The chat's own: the offline mask (masking.ts) shows it when the masking chunk cannot load.
    ['the masking note', en.masked, 'chat'],
    ['the emoji tabs', en.emoji[1] ?? '', 'EmojiPicker'],
  ])('%s: only in the chunk that shows it', (_what, text, chunk) => {
    expect(holding(text)).toEqual([chunk])
  })
})
