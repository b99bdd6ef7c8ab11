import { describe, expect, it } from 'vitest'
import { insertAtCaret, moveFocus } from '../../../../widget/chat/emoji/picker-keys'

describe('moveFocus', () => {
  it('moves by one with Left/Right and by a row with Up/Down, in an 8-wide grid of 20', () => {
    expect(moveFocus('ArrowRight', 0, 20, 8)).toBe(1)
    expect(moveFocus('ArrowLeft', 5, 20, 8)).toBe(4)
    expect(moveFocus('ArrowDown', 3, 20, 8)).toBe(11)
    expect(moveFocus('ArrowUp', 11, 20, 8)).toBe(3)
    expect(moveFocus('Home', 13, 20, 8)).toBe(0)
    expect(moveFocus('End', 2, 20, 8)).toBe(19)
  })

  it('stays at the edges (undefined) and ignores other keys', () => {
    expect(moveFocus('ArrowLeft', 0, 20, 8)).toBeUndefined()
    expect(moveFocus('ArrowRight', 19, 20, 8)).toBeUndefined()
    expect(moveFocus('ArrowUp', 7, 20, 8)).toBeUndefined()
    expect(moveFocus('ArrowDown', 12, 20, 8)).toBeUndefined()
    expect(moveFocus('Enter', 3, 20, 8)).toBeUndefined()
    expect(moveFocus('a', 3, 20, 8)).toBeUndefined()
  })

  it('swaps Left and Right in a right-to-left grid', () => {
    expect(moveFocus('ArrowLeft', 0, 20, 8, true)).toBe(1)
    expect(moveFocus('ArrowRight', 1, 20, 8, true)).toBe(0)
    expect(moveFocus('ArrowDown', 0, 20, 8, true)).toBe(8)
  })

  it('moves along one row of tabs', () => {
    expect(moveFocus('ArrowRight', 4, 5, 5)).toBeUndefined()
    expect(moveFocus('ArrowDown', 1, 5, 5)).toBeUndefined()
    expect(moveFocus('End', 1, 5, 5)).toBe(4)
  })
})

describe('insertAtCaret', () => {
  it('inserts at the caret and puts the caret after the emoji (two UTF-16 units)', () => {
    expect(insertAtCaret('Thanks a lot', 6, 6, '😊')).toEqual({
      text: 'Thanks😊 a lot',
      caret: 8,
    })
    expect(insertAtCaret('', 0, 0, '👍')).toEqual({ text: '👍', caret: 2 })
  })

  it('replaces a selection, whichever way it was made', () => {
    expect(insertAtCaret('I am sad today', 5, 8, '🙂')).toEqual({
      text: 'I am 🙂 today',
      caret: 7,
    })
    expect(insertAtCaret('I am sad today', 8, 5, '🙂')).toEqual({
      text: 'I am 🙂 today',
      caret: 7,
    })
  })

  it('clamps a caret past the end of the text', () => {
    expect(insertAtCaret('Hi', 10, 10, '👋')).toEqual({ text: 'Hi👋', caret: 4 })
  })
})
