import { screen } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { showMessage } from '../../support/message-item'

// Its own file: the links' chunk, once loaded by another text, would link any later one,
// hiding a text whose only link is a bare host never asking for the chunk.
describe('a message whose only link is a bare www. host', () => {
  it('is linked in the visitor’s bubble, as https (issue 35, defect 16)', async () => {
    showMessage({ type: 'text', text: 'Is it on www.example.com/faq?' }, { own: true })
    const faq = await screen.findByRole('link', { name: 'www.example.com/faq' })
    expect(faq.getAttribute('href')).toBe('https://www.example.com/faq')
    expect(faq.getAttribute('rel')).toBe('noopener noreferrer nofollow')
  })
})
