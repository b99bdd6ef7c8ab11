// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MessageBubble } from '../../../demo/console/src/MessageBubble'
import { createEntry } from '../support/console-factories'

afterEach(cleanup)

const file = { file: 'https://cdn.example/f.bin', file_name: 'report.pdf', file_size: 1_258_291 }

function renderEntry(entry: Parameters<typeof createEntry>[0]) {
  return render(
    <ol>
      <MessageBubble entry={createEntry(entry)} customerName="Jo Doe" deliveryAttempts={3} />
    </ol>,
  )
}

describe('MessageBubble', () => {
  it('renders text as text, never as HTML', () => {
    const view = renderEntry({ message: { type: 'text', text: '<img src=x onerror=alert(1)>' } })
    expect(view.getByText('<img src=x onerror=alert(1)>')).toBeTruthy()
    expect(view.container.querySelector('img')).toBeNull()
  })

  it('shows photos and stickers as images with the file name and size', () => {
    const photo = renderEntry({
      message: {
        type: 'photo',
        ...file,
        file: 'https://cdn.example/p.png',
        file_name: 'p.png',
        text: 'Label',
      },
    })
    expect(photo.container.querySelector('img.media-photo')?.getAttribute('src')).toBe(
      'https://cdn.example/p.png',
    )
    expect(photo.getByText('Label')).toBeTruthy()
    cleanup()
    const sticker = renderEntry({ message: { type: 'sticker', ...file, emoji: '👍' } })
    expect(sticker.container.querySelector('img.media-sticker')).not.toBeNull()
    expect(sticker.getByText('👍')).toBeTruthy()
  })

  it('gives video, audio and voice a player', () => {
    expect(
      renderEntry({ message: { type: 'video', ...file, thumb: 'https://cdn.example/t.jpg' } })
        .container.querySelector('video')
        ?.getAttribute('poster'),
    ).toBe('https://cdn.example/t.jpg')
    cleanup()
    expect(
      renderEntry({
        message: { type: 'audio', ...file, performer: 'Band', title: 'Song' },
      }).getByText('Band — Song'),
    ).toBeTruthy()
    cleanup()
    expect(
      renderEntry({ message: { type: 'voice', ...file, duration: 4 } }).container.querySelector(
        'audio',
      ),
    ).not.toBeNull()
  })

  it('links a document with its size and a location to a map', () => {
    const doc = renderEntry({ message: { type: 'document', ...file } })
    const link = doc.getByRole('link')
    expect(link.getAttribute('href')).toBe(file.file)
    expect(link.textContent).toContain('report.pdf')
    expect(link.textContent).toContain('1.2 MB')
    cleanup()
    const location = renderEntry({
      message: { type: 'location', latitude: 52.52, longitude: 13.405 },
    })
    expect(location.getByRole('link').getAttribute('href')).toContain('mlat=52.52&mlon=13.405')
  })

  it('never renders a non-http(s) media link', () => {
    // The schema refuses such files; the view is a second line of defence.
    const view = renderEntry({ message: { type: 'photo', ...file, file: 'javascript:alert(1)' } })
    expect(view.container.querySelector('img')).toBeNull()
    expect(view.container.querySelector('.media-file')?.hasAttribute('href')).toBe(false)
    expect(view.container.innerHTML).not.toContain('javascript:')
  })

  it('shows the delivery state of agent messages', () => {
    const pending = renderEntry({
      author: 'agent',
      name: 'Anna',
      delivery: { status: 'pending', attempts: [{ attempt: 1, at: 1, ok: false, error: 'x' }] },
    })
    expect(pending.getByText('Retrying… (attempt 2 of 3)')).toBeTruthy()
    cleanup()
    const failed = renderEntry({
      author: 'agent',
      name: 'Anna',
      delivery: { status: 'failed', attempts: [], error: 'delivery failed after 3 attempts: gone' },
    })
    expect(failed.getByText('Not delivered').closest('[title]')?.getAttribute('title')).toBe(
      'delivery failed after 3 attempts: gone',
    )
  })

  it("shows a bot's BUTTONS as sent, its fallback, and why a message was not sent", () => {
    const sent = renderEntry({
      author: 'bot',
      name: 'Acme Bot',
      botMessage: {
        type: 'BUTTONS',
        title: 'Pick one',
        text: '1 or 2',
        buttons: [{ text: 'Sales' }, { text: 'Support' }],
      },
      message: { type: 'text', text: '1 or 2' },
    })
    expect(sent.getByText('Pick one')).toBeTruthy()
    expect(sent.getByText('Sales')).toBeTruthy()
    expect(sent.getByText('1 or 2')).toBeTruthy()
    cleanup()
    const notSent = renderEntry({
      author: 'bot',
      name: 'Acme Bot',
      botMessage: { type: 'MARKDOWN', content: '**hi**' },
      delivery: { status: 'not_sent', attempts: [], error: 'Not sent: no fallback' },
    })
    expect(notSent.getByText('**hi**')).toBeTruthy()
    expect(notSent.getByRole('alert').textContent).toContain('Not sent: no fallback')
  })

  it('offers to send a failed agent message again, without its old id', () => {
    const onResend = vi.fn()
    const failed = createEntry({
      author: 'agent',
      name: 'Anna',
      message: { type: 'text', text: 'Are you there?', id: 'old-id' },
      delivery: { status: 'failed', attempts: [], error: 'gone' },
    })
    const view = render(
      <ol>
        <MessageBubble entry={failed} customerName="Jo" deliveryAttempts={3} onResend={onResend} />
      </ol>,
    )
    fireEvent.click(view.getByRole('button', { name: 'Send again' }))
    expect(onResend).toHaveBeenCalledWith({ type: 'text', text: 'Are you there?' })
    cleanup()
    const delivered = render(
      <ol>
        <MessageBubble
          entry={{ ...failed, delivery: { status: 'delivered', attempts: [] } }}
          customerName="Jo"
          deliveryAttempts={3}
          onResend={onResend}
        />
      </ol>,
    )
    expect(delivered.queryByRole('button', { name: 'Send again' })).toBeNull()
  })
})
