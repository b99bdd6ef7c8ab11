// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Composer } from '../../../demo/console/src/Composer'
import type { ChannelMessage } from '../../../shared/protocol'

afterEach(cleanup)

function setup(disabled = false) {
  const sent: ChannelMessage[] = []
  const onSend = vi.fn(async (message: ChannelMessage) => {
    sent.push(message)
    return true
  })
  const view = render(<Composer disabled={disabled} onSend={onSend} />)
  return { view, sent, onSend }
}

/** The composer with its media form open on a document at `url`. */
function documentForm(url: string) {
  const composer = setup()
  const { view } = composer
  fireEvent.click(view.getByRole('button', { name: /media/i }))
  fireEvent.change(view.getByLabelText('Type'), { target: { value: 'document' } })
  fireEvent.input(view.getByLabelText(/File URL/), { target: { value: url } })
  return composer
}

describe('Composer', () => {
  it('sends trimmed text on Enter and clears the box; Shift+Enter does not send', async () => {
    const { view, sent } = setup()
    const box = view.getByRole('textbox', { name: 'Message' })
    fireEvent.input(box, { target: { value: '  Hello there ' } })
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })
    expect(sent).toEqual([])
    fireEvent.keyDown(box, { key: 'Enter' })
    await waitFor(() => expect(sent).toEqual([{ type: 'text', text: 'Hello there' }]))
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''))
  })

  it('toggles typing with typein and typeout', async () => {
    const { view, sent } = setup()
    const toggle = view.getByRole('button', { name: /typing/i })
    fireEvent.click(toggle)
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'))
    fireEvent.click(toggle)
    await waitFor(() => expect(sent).toEqual([{ type: 'typein' }, { type: 'typeout' }]))
  })

  it('sends a media message from the media form, with its fields', async () => {
    const { view, sent } = documentForm('https://cdn.example/a.pdf')
    fireEvent.input(view.getByLabelText(/File name/), { target: { value: 'a.pdf' } })
    fireEvent.input(view.getByLabelText(/Size/), { target: { value: '500' } })
    fireEvent.click(view.getByRole('button', { name: 'Send document' }))
    await waitFor(() =>
      expect(sent).toEqual([
        { type: 'document', file: 'https://cdn.example/a.pdf', file_name: 'a.pdf', file_size: 500 },
      ]),
    )
  })

  it('fills the file name and size from a chosen file (issue 35, defect 17)', async () => {
    const { view, sent } = documentForm('https://cdn.example/price-list.pdf')
    const chooser = view.getByLabelText(/from a file/) as HTMLInputElement
    const file = new File(['%PDF-1.4 a price list'], 'price-list.pdf', { type: 'application/pdf' })
    Object.defineProperty(chooser, 'files', { value: [file] })
    fireEvent.change(chooser)
    await waitFor(() =>
      expect((view.getByLabelText(/Size/) as HTMLInputElement).value).toBe(String(file.size)),
    )
    expect((view.getByLabelText(/File name/) as HTMLInputElement).value).toBe('price-list.pdf')
    fireEvent.click(view.getByRole('button', { name: 'Send document' }))
    await waitFor(() =>
      expect(sent).toEqual([
        {
          type: 'document',
          file: 'https://cdn.example/price-list.pdf',
          file_name: 'price-list.pdf',
          file_size: file.size,
        },
      ]),
    )
  })

  it('says which media field is wrong instead of sending', async () => {
    const { view, onSend } = setup()
    fireEvent.click(view.getByRole('button', { name: /media/i }))
    fireEvent.input(view.getByLabelText(/File URL/), {
      target: { value: 'https://cdn.example/p.png' },
    })
    fireEvent.input(view.getByLabelText(/File name/), { target: { value: 'p.png' } })
    fireEvent.submit(
      view.getByRole('button', { name: 'Send photo' }).closest('form') as HTMLFormElement,
    )
    await waitFor(() => expect(view.getByRole('alert').textContent).toContain('file_size'))
    expect(onSend).not.toHaveBeenCalled()
  })

  it('is disabled for a closed chat', () => {
    const { view } = setup(true)
    expect((view.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(
      true,
    )
  })
})
