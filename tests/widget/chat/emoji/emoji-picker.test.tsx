import { fireEvent, render, screen } from '@testing-library/preact'
import { createRef } from 'preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EmojiPicker } from '../../../../widget/chat/emoji/EmojiPicker'
import { EMOJI_SETS } from '../../../../widget/chat/emoji/emoji-sets'
import { keepTranslation } from '../../../../widget/i18n/translations'
import { languageFile } from '../../../support/language-files'

afterEach(() => {
  document.body.innerHTML = ''
})

/** The picker beside a message box holding `text` with the caret at `caret`. */
function showPicker(text = 'Thanks for the help', caret = 6, lang = 'en') {
  const frame = document.createElement('div')
  frame.lang = lang
  const box = document.createElement('textarea')
  box.value = text
  frame.append(box)
  document.body.append(frame)
  box.setSelectionRange(caret, caret)
  const input = createRef<HTMLTextAreaElement>()
  input.current = box
  const onText = vi.fn((value: string) => {
    box.value = value
  })
  const onClose = vi.fn()
  const host = document.createElement('div')
  frame.append(host)
  render(<EmojiPicker input={input} label="Emoji" onText={onText} onClose={onClose} />, {
    container: host,
  })
  return { box, onText, onClose }
}

describe('the emoji picker', () => {
  it('offers a curated set of 100–200 distinct emoji in tabs', () => {
    const all = EMOJI_SETS.flatMap((set) => set.emoji.split(' '))
    expect(all.length).toBeGreaterThanOrEqual(100)
    expect(all.length).toBeLessThanOrEqual(200)
    expect(new Set(all).size).toBe(all.length)
    for (const each of all) expect(each.trim()).toBe(each)
    showPicker()
    expect(screen.getAllByRole('tab')).toHaveLength(EMOJI_SETS.length)
    expect(screen.getByRole('tab', { name: 'Smileys' }).getAttribute('aria-selected')).toBe('true')
  })

  it('focuses the first emoji, moves with the arrow keys and inserts at the caret with Enter', async () => {
    const { onText, onClose } = showPicker()
    const first = screen.getByRole('button', { name: '😀' })
    expect(document.activeElement).toBe(first)
    fireEvent.keyDown(first, { key: 'ArrowDown' })
    const below = screen.getByRole('button', { name: '😊' })
    expect(document.activeElement).toBe(below)
    expect(below.tabIndex).toBe(0)
    expect(first.tabIndex).toBe(-1)
    fireEvent.keyDown(below, { key: 'ArrowRight' })
    const next = screen.getByRole('button', { name: '😇' })
    expect(document.activeElement).toBe(next)
    // A button's Enter is its click.
    fireEvent.click(next)
    expect(onText).toHaveBeenCalledWith('Thanks😇 for the help')
    expect(onClose).toHaveBeenCalled()
  })

  it('switches tabs with a click or the arrow keys', () => {
    showPicker()
    fireEvent.click(screen.getByRole('tab', { name: 'Gestures' }))
    expect(screen.getByRole('tabpanel', { name: 'Gestures' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '👍' })).toBeTruthy()
    const gestures = screen.getByRole('tab', { name: 'Gestures' })
    fireEvent.keyDown(gestures, { key: 'ArrowRight' })
    expect(
      screen.getByRole('tab', { name: 'Hearts and symbols' }).getAttribute('aria-selected'),
    ).toBe('true')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Hearts and symbols' }))
  })

  it('closes with Escape without letting the key reach the chat (which would close)', () => {
    const { onClose, box } = showPicker()
    const chat = vi.fn()
    document.body.addEventListener('keydown', chat)
    fireEvent.keyDown(screen.getByRole('button', { name: '😀' }), { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(chat).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(box)
    document.body.removeEventListener('keydown', chat)
  })

  it('closes on a press outside it and the composer', () => {
    const { onClose } = showPicker()
    fireEvent.pointerDown(screen.getByRole('button', { name: '😀' }))
    expect(onClose).not.toHaveBeenCalled()
    fireEvent.pointerDown(document.body)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('names its tabs in Russian in a Russian widget', async () => {
    keepTranslation('ru', await languageFile('ru'))
    showPicker('', 0, 'ru')
    expect(screen.getByRole('tab', { name: 'Смайлы' })).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Жесты' })).toBeTruthy()
  })
})
