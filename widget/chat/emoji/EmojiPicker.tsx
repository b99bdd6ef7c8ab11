import type { RefObject } from 'preact'
import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import { EN } from '../../i18n/english'
import { languageOf } from '../../i18n/language'
import { translated } from '../../i18n/translations'
import { adoptStyles } from '../window/adopt-styles'
import { EMOJI_SETS } from './emoji-sets'
import { EMOJI_CSS } from './emoji-styles'
import { insertAtCaret, moveFocus } from './picker-keys'

export interface EmojiPickerProps {
  /** The message box: the emoji goes in at its caret. */
  input: RefObject<HTMLTextAreaElement | null>
  label: string
  /** The composer's text changed (as when typing). */
  onText: (text: string) => void
  onClose: () => void
}

/** Emoji per row of the grid (EMOJI_CSS lays it out so). */
const COLUMNS = 8

/** Moves the focus to the `index`th child of the element's parent. */
function focusSibling(element: Element, index: number): void {
  const target = element.parentElement?.children[index]
  if (target instanceof HTMLElement) target.focus()
}

/**
 * The emoji picker, a chunk of its own loaded at the first click of the composer's
 * emoji button: tabs of curated emoji; arrow keys, Home and End move in the grid,
 * Enter or a click inserts at the caret and closes, Escape or a press elsewhere closes.
 */
export function EmojiPicker({ input, label, onText, onClose }: EmojiPickerProps) {
  const panel = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  close.current = onClose
  const [tab, setTab] = useState(0)
  const [active, setActive] = useState(0)
  const lang = languageOf(input.current?.closest<HTMLElement>('[lang]')?.lang) ?? 'en'
  const names = translated(lang)?.emoji ?? EN.emoji
  const rtl = input.current?.closest('[dir=rtl]') != null
  const set = EMOJI_SETS[tab]
  const emoji = set?.emoji.split(' ') ?? []

  // Before the first paint: the styles are in place when the picker shows.
  useLayoutEffect(() => {
    const element = panel.current
    const root = element?.getRootNode()
    if (!element || !root) return
    adoptStyles(element, EMOJI_CSS)
    element.querySelector<HTMLElement>('.ph-emo-item')?.focus()
    // A press outside the picker and the composer closes it.
    const outside = (event: Event) => {
      const inside = event
        .composedPath()
        .some((node) => node === element || (node instanceof Element && node.matches('form')))
      if (!inside) close.current()
    }
    root.addEventListener('pointerdown', outside)
    return () => root.removeEventListener('pointerdown', outside)
  }, [])

  const pick = (chosen: string) => {
    const box = input.current
    if (box) {
      const { text, caret } = insertAtCaret(box.value, box.selectionStart, box.selectionEnd, chosen)
      onText(text)
      box.focus()
      // Once the composer has rendered the new text.
      requestAnimationFrame(() => box.setSelectionRange(caret, caret))
    }
    onClose()
  }
  const showTab = (index: number) => {
    setTab(index)
    setActive(0)
  }

  return (
    <div
      ref={panel}
      class="ph-emo"
      role="dialog"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        // Closes the picker, not the chat.
        event.stopPropagation()
        onClose()
        input.current?.focus()
      }}
    >
      <div class="ph-emo-tabs" role="tablist">
        {EMOJI_SETS.map((each, index) => (
          <button
            key={index}
            type="button"
            role="tab"
            aria-selected={index === tab}
            aria-label={names[index]}
            title={names[index]}
            tabIndex={index === tab ? 0 : -1}
            onClick={() => showTab(index)}
            onKeyDown={(event) => {
              const next = moveFocus(event.key, index, EMOJI_SETS.length, EMOJI_SETS.length, rtl)
              if (next === undefined) return
              event.preventDefault()
              showTab(next)
              focusSibling(event.currentTarget, next)
            }}
          >
            {each.emoji.split(' ')[0]}
          </button>
        ))}
      </div>
      <div class="ph-emo-grid" role="tabpanel" aria-label={names[tab]}>
        {emoji.map((each, index) => (
          <button
            key={each}
            type="button"
            class="ph-emo-item"
            tabIndex={index === active ? 0 : -1}
            onClick={() => pick(each)}
            onKeyDown={(event) => {
              const next = moveFocus(event.key, index, emoji.length, COLUMNS, rtl)
              if (next === undefined) return
              event.preventDefault()
              setActive(next)
              focusSibling(event.currentTarget, next)
            }}
          >
            {each}
          </button>
        ))}
      </div>
    </div>
  )
}
