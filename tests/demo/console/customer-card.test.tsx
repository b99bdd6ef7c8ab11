// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { attributesOf, CustomerCard } from '../../../demo/console/src/CustomerCard'
import type { Chat } from '../../../demo/sandbox/service/model'

describe('the customer card', () => {
  it('lists the site’s attributes from the ph. parameters of the page address', () => {
    const url = 'https://shop.example/cart?utm_source=x&ph.plan=pro&ph.seats=3&ph.note=a%20b'
    expect(attributesOf(url)).toEqual([
      ['plan', 'pro'],
      ['seats', '3'],
      ['note', 'a b'],
    ])
    expect(attributesOf('https://shop.example/')).toEqual([])
    expect(attributesOf(undefined)).toEqual([])
    expect(attributesOf('javascript:alert(1)')).toEqual([])
  })

  it('shows them under Attributes', () => {
    const chat = {
      id: 'c1',
      senderId: 'v1',
      createdAt: 0,
      customer: { name: 'Jane', url: 'https://shop.example/?ph.plan=pro' },
    } as unknown as Chat
    render(<CustomerCard chat={chat} channelName="Web" />)
    const card = screen.getByRole('complementary', { name: 'Customer' })
    expect(within(card).getByText('Attributes')).toBeTruthy()
    expect(within(card).getByText('plan').nextElementSibling?.textContent).toBe('pro')
  })
})
