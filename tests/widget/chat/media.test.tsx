import { screen } from '@testing-library/preact'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EntryContent } from '../../../shared/widget-api'
import { MediaContent } from '../../../widget/chat/components/MessageItem'
import { parseConversationEntry } from '../../../widget/protocol/conversation-entry'
import { mediaContent, showMessage } from '../support/message-item'

// Media rendering is a lazily loaded chunk: loaded once here, the items render at once.
beforeAll(() => MediaContent.preload())

const show = (content: EntryContent) => showMessage(content, { name: 'Anna' })

describe('agent media', () => {
  it('shows a photo with its thumb, linked to the file, with the caption', () => {
    const { container } = show({
      type: 'photo',
      file: 'https://cdn.example/p.jpg',
      thumb: 'https://cdn.example/t.jpg',
      file_name: 'p.jpg',
      file_size: 2048,
      text: 'Our office',
    })
    const image = container.querySelector('img')
    expect(image?.getAttribute('src')).toBe('https://cdn.example/t.jpg')
    expect(image?.getAttribute('alt')).toBe('Our office')
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://cdn.example/p.jpg')
    expect(screen.getByText('Our office')).toBeTruthy()
  })

  it('falls back to the sticker emoji when the image cannot load', async () => {
    const { container } = show(mediaContent('sticker', 's.webp', 10, { emoji: '🐱' }))
    container.querySelector('img')?.dispatchEvent(new Event('error'))
    expect(await screen.findByText('🐱')).toBeTruthy()
    expect(container.querySelector('img')).toBeNull()
  })

  it('plays video, audio and voice with native controls and shows the duration, title and performer', () => {
    const { container } = show(
      mediaContent('audio', 'a.mp3', 5000, {
        duration: 125,
        title: 'Hold music',
        performer: 'Band',
      }),
    )
    const audio = container.querySelector('audio')
    expect(audio?.hasAttribute('controls')).toBe(true)
    expect(audio?.getAttribute('src')).toBe('https://cdn.example/a.mp3')
    expect(screen.getByText('2:05')).toBeTruthy()
    expect(screen.getByText('Hold music — Band')).toBeTruthy()
    const video = show(
      mediaContent('video', 'v.mp4', 9, { duration: 9, thumb: 'https://cdn.example/v.jpg' }),
    )
    expect(video.container.querySelector('video')?.getAttribute('poster')).toBe(
      'https://cdn.example/v.jpg',
    )
    const voice = show(mediaContent('voice', 'v.ogg', 9, { duration: 3 }))
    expect(voice.container.querySelector('audio')?.hasAttribute('controls')).toBe(true)
  })

  it('offers a document with its name, readable size and a download link', () => {
    const { container } = show(mediaContent('document', 'invoice.pdf', 1_258_291))
    const link = container.querySelector('a')
    expect(link?.getAttribute('href')).toBe('https://cdn.example/invoice.pdf')
    expect(link?.getAttribute('rel')).toContain('noopener')
    expect(link?.textContent).toContain('invoice.pdf')
    expect(link?.textContent).toContain('1.2 MB')
  })

  it('shows a location with coordinates and a map link', () => {
    const { container } = show({
      type: 'location',
      latitude: 55.751244,
      longitude: 37.618423,
      title: 'Office',
    })
    expect(screen.getByText('55.75124, 37.61842')).toBeTruthy()
    expect(screen.getByText('Office')).toBeTruthy()
    expect(container.querySelector('a')?.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=55.751244&mlon=37.618423#map=16/55.751244/37.618423',
    )
  })
})

const XSS = [
  '<script>window.__pwned = true</script>',
  '<img src=x onerror="window.__pwned = true">',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '<a href="javascript:alert(1)">click</a>',
]

function assertInert(container: Element): void {
  expect(
    container.querySelector('script, svg[onload], [onerror], [onload], iframe, object'),
  ).toBeNull()
  for (const element of container.querySelectorAll('[href], [src], [poster]')) {
    for (const attribute of ['href', 'src', 'poster']) {
      const value = element.getAttribute(attribute)
      if (value !== null) expect(value).toMatch(/^https?:\/\//)
    }
  }
  expect((window as { __pwned?: boolean }).__pwned).toBeUndefined()
}

describe('agent content is inert', () => {
  it.each(XSS)('renders %s in every text field as text', (payload) => {
    for (const content of [
      { type: 'text', text: payload },
      {
        type: 'photo',
        file: 'https://cdn.example/p.jpg',
        file_name: payload,
        file_size: 1,
        text: payload,
        emoji: payload,
      },
      {
        type: 'audio',
        file: 'https://cdn.example/a.mp3',
        file_name: payload,
        file_size: 1,
        title: payload,
        performer: payload,
        text: payload,
      },
      {
        type: 'document',
        file: 'https://cdn.example/d.pdf',
        file_name: payload,
        file_size: 1,
        text: payload,
      },
      { type: 'location', latitude: 1, longitude: 2, title: payload, text: payload },
    ] as EntryContent[]) {
      const { container, unmount } = showMessage(content, { name: payload, photo: payload })
      assertInert(container)
      expect(container.textContent).toContain(payload)
      unmount()
    }
  })

  it('drops entries whose links are not http(s) before they reach rendering', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example/x',
    ]) {
      expect(
        parseConversationEntry({
          id: '1',
          author: 'agent',
          at: 1,
          content: { type: 'photo', file: url, file_name: 'x', file_size: 1 },
        }),
      ).toBeUndefined()
      expect(
        parseConversationEntry({
          id: '1',
          author: 'agent',
          at: 1,
          photo: url,
          content: { type: 'text', text: 'hi' },
        }),
      ).toBeUndefined()
      const thumb = parseConversationEntry({
        id: '1',
        author: 'agent',
        at: 1,
        content: {
          type: 'video',
          file: 'https://ok.example/v',
          thumb: url,
          file_name: 'v',
          file_size: 1,
        },
      })
      expect(thumb).toBeUndefined()
    }
  })

  it('never renders a non-http link even if one slipped past parsing', () => {
    const { container } = show({
      type: 'document',
      file: 'javascript:alert(1)',
      file_name: 'x',
      file_size: 1,
    } as EntryContent)
    expect(container.querySelector('a')?.hasAttribute('href')).toBe(false)
    assertInert(container)
  })
})
