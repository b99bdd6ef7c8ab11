// @vitest-environment happy-dom
import { cleanup, fireEvent, render, within } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { SegmentedChoice } from '../../../studio/src/fields/SegmentedChoice'

afterEach(cleanup)

const THEMES = { light: 'Light', dark: 'Dark' }

describe('a segmented choice', () => {
  it('names its radios itself: one name a group, never the name of another group', () => {
    const picked: string[] = []
    const { getAllByRole } = render(
      <>
        <SegmentedChoice legend="Theme" value="light" options={THEMES} onChange={() => {}} />
        <SegmentedChoice
          legend="Theme"
          value="light"
          options={THEMES}
          onChange={(value) => picked.push(value)}
        />
      </>,
    )
    const names = getAllByRole('group').map((group) => {
      const radios = within(group).getAllByRole<HTMLInputElement>('radio')
      expect(new Set(radios.map((radio) => radio.name)).size).toBe(1)
      return radios[0]?.name
    })
    expect(names[0]).toBeTruthy()
    expect(names[1]).toBeTruthy()
    expect(names[0]).not.toBe(names[1])

    const second = getAllByRole('group')[1] as HTMLElement
    fireEvent.click(within(second).getByLabelText('Dark'))
    expect(picked).toEqual(['dark'])
  })
})
