import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConversationEntry, PublicConfig, UploadedFile } from '../../../../shared/widget-api'
import { createMemoryStore } from '../../../../widget/storage/memory-store'
import { createFakeBackend, json, type RecordedRequest } from '../../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../../support/mount-widget'
import { REAL_WORK_TIMEOUT_MS } from '../../../support/timeouts'
import { createBase } from '../../../support/widget-factories'
import { openChat, settle, typeText } from '../../support/chat-helpers'
import { createFakeXhr, type FakeUpload } from '../../support/fake-xhr'

const MB = 1024 * 1024
let xhr: ReturnType<typeof createFakeXhr>
const widgets: TestWidget[] = []

beforeEach(() => {
  xhr = createFakeXhr()
  vi.stubGlobal('XMLHttpRequest', xhr.XHR)
})
afterEach(() => {
  vi.unstubAllGlobals()
  for (const widget of widgets.splice(0)) widget.unmount()
})

function file(name: string, size: number, type: string): File {
  const chosen = new File([new Uint8Array(Math.min(size, 64))], name, { type })
  Object.defineProperty(chosen, 'size', { value: size })
  return chosen
}
const png = () => file('cat.png', 20_480, 'image/png')
const pdf = () => file('price-list.pdf', 1_228_800, 'application/pdf')

/**
 * The fake backend plus POST /api/messages for attachments: answered with the entry the
 * real backend stores (the photo or document itself), or with `fileAnswer` when set.
 */
function backendWithFiles(config: Partial<PublicConfig> = {}) {
  const backend = createFakeBackend({ config })
  const stored = new Map<string, UploadedFile>()
  const posts: RecordedRequest[] = []
  let entryId = 0
  const control = {
    fileAnswer: undefined as ((request: RecordedRequest) => Response) | undefined,
  }
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input))
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    if (url.pathname === '/api/messages' && body?.type === 'file') {
      const request: RecordedRequest = {
        method: 'POST',
        path: url.pathname,
        query: url.searchParams,
        token: new Headers(init.headers).get('authorization')?.replace(/^Bearer /, ''),
        body,
        keepalive: init.keepalive === true,
      }
      posts.push(request)
      if (control.fileAnswer) return control.fileAnswer(request)
      const upload = stored.get(String(body.fileId))
      if (!upload) return json({ error: { code: 'file_not_found', message: 'No such file' } }, 404)
      const entry: ConversationEntry = {
        id: `file-${++entryId}`,
        clientId: String(body.id),
        author: 'visitor',
        content: {
          type: upload.type.startsWith('image/') ? 'photo' : 'document',
          file: upload.url,
          file_name: upload.name,
          file_size: upload.size,
          ...(upload.thumb ? { thumb: upload.thumb, width: 640, height: 480 } : {}),
        },
        at: Date.now(),
      }
      return json({ entries: [entry], delivery: 'sent' })
    }
    return backend.fetch(input, init)
  }) as typeof globalThis.fetch
  return {
    backend: { ...backend, fetch },
    posts,
    control,
    /** Answers the upload in progress with the stored file. */
    store(upload: FakeUpload | undefined): UploadedFile {
      if (!upload) throw new Error('no upload is in progress')
      const answer = upload.store()
      stored.set(answer.id, answer)
      return answer
    },
  }
}

async function open(files = backendWithFiles(), options: Parameters<typeof openChat>[0] = {}) {
  const widget = await openChat({ backend: files.backend, ...options })
  widgets.push(widget)
  return { widget, ...files }
}

function picker(widget: TestWidget): HTMLInputElement {
  const input = widget.root.querySelector<HTMLInputElement>('input[type=file]')
  if (!input) throw new Error('no file input')
  return input
}
/**
 * Chooses files in the picker. Like a browser's, the list is empty once the event is
 * handled (the widget resets the input; a drop's and a paste's files are gone too).
 */
function choose(widget: TestWidget, ...files: File[]): void {
  const list = [...files]
  fireEvent.change(picker(widget), { target: { files: list } })
  list.length = 0
}
const sendButton = (widget: TestWidget) =>
  widget.screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement
/** The visitor attaches the price list and sends it; its upload has begun. */
async function sendPdf(widget: TestWidget): Promise<void> {
  choose(widget, pdf())
  await widget.screen.findByText('price-list.pdf')
  fireEvent.click(sendButton(widget))
  await waitFor(() => expect(xhr.requests).toHaveLength(1))
}
const uploadsNamed = () => xhr.requests.map((request) => request.url.searchParams.get('name'))

describe('the attach button', () => {
  it('is a labelled button beside the composer that opens a multi-file picker of the accepted types', async () => {
    const { widget } = await open()
    const button = widget.screen.getByRole('button', { name: 'Attach a file' })
    expect(button.tagName).toBe('BUTTON')
    expect(button.getAttribute('tabindex')).toBeNull()
    const input = picker(widget)
    expect(input.multiple).toBe(true)
    expect(input.accept).toContain('image/')
    expect(input.accept).toContain('.pdf')
    const click = vi.spyOn(input, 'click')
    fireEvent.click(button)
    expect(click).toHaveBeenCalled()
  })
})

describe('sending attachments', () => {
  it('previews the files, uploads them in order with progress and sends each as a file message', async () => {
    const { widget, posts, store } = await open()
    choose(widget, png(), pdf())
    const tray = await widget.screen.findByRole('list', { name: 'Files to send' })
    const thumbnail = tray.querySelector('img')
    expect(thumbnail?.getAttribute('src')).toMatch(/^blob:/)
    expect(widget.screen.getByText('price-list.pdf')).toBeTruthy()
    expect(widget.screen.getByText('1.2 MB')).toBeTruthy()
    // Nothing is uploaded before Send; Send works without any text.
    expect(xhr.requests).toHaveLength(0)
    expect(sendButton(widget).disabled).toBe(false)
    fireEvent.click(sendButton(widget))

    await waitFor(() => expect(uploadsNamed()).toEqual(['cat.png']))
    const first = xhr.requests[0]
    expect(first?.headers['content-type']).toBe('image/png')
    expect(first?.headers.authorization).toMatch(/^Bearer token-/)
    first?.progress(10_240, 20_480)
    const bar = await widget.screen.findByRole('progressbar', { name: 'Uploading cat.png' })
    expect((bar as HTMLProgressElement).value).toBe(0.5)
    const photo = store(first)
    await waitFor(() => expect(uploadsNamed()).toEqual(['cat.png', 'price-list.pdf']))
    const document = store(xhr.requests[1])
    await waitFor(() => expect(posts).toHaveLength(2))
    expect(posts.map((post) => post.body)).toEqual([
      expect.objectContaining({ type: 'file', fileId: photo.id }),
      expect.objectContaining({ type: 'file', fileId: document.id }),
    ])
    expect(posts[0]?.body?.id).not.toBe(posts[1]?.body?.id)
    // Shown like an agent's media: the picture by its thumbnail, the file as a card.
    await waitFor(() =>
      expect(widget.root.querySelector(`.ph-own img[src="${photo.thumb}"]`)).toBeTruthy(),
    )
    // The file's card comes with its own message, drawn after the photo's on a busy machine.
    await waitFor(() =>
      expect(widget.root.querySelector('.ph-own a.ph-file')?.getAttribute('href')).toBe(
        document.url,
      ),
    )
    const card = widget.root.querySelector('.ph-own a.ph-file')
    expect(card?.textContent).toContain('price-list.pdf')
    expect(card?.textContent).toContain('1.2 MB')
    expect(widget.screen.queryByRole('list', { name: 'Files to send' })).toBeNull()
  })

  it('sends the typed text too, and keeps it apart from the files', async () => {
    const { widget, posts, store } = await open()
    choose(widget, pdf())
    await widget.screen.findByText('price-list.pdf')
    typeText(widget, 'Here is the list')
    fireEvent.click(sendButton(widget))
    await waitFor(() => expect(widget.backend.texts()).toHaveLength(1))
    expect(widget.backend.texts()[0]?.body?.text).toBe('Here is the list')
    await waitFor(() => expect(xhr.requests).toHaveLength(1))
    store(xhr.requests[0])
    await waitFor(() => expect(posts).toHaveLength(1))
  })

  it('cancels an upload: nothing is sent', async () => {
    const { widget, posts } = await open()
    choose(widget, png())
    await widget.screen.findByRole('list', { name: 'Files to send' })
    fireEvent.click(sendButton(widget))
    await waitFor(() => expect(xhr.requests).toHaveLength(1))
    fireEvent.click(await widget.screen.findByRole('button', { name: 'Cancel sending cat.png' }))
    expect(xhr.requests[0]?.aborted).toBe(true)
    await settle(20)
    expect(posts).toHaveLength(0)
    expect(widget.screen.queryByRole('list', { name: 'Files to send' })).toBeNull()
  })

  it('shows the type’s tile when the page’s CSP refuses the preview (no img-src blob:)', async () => {
    const { widget } = await open()
    choose(widget, png())
    const tray = await widget.screen.findByRole('list', { name: 'Files to send' })
    const preview = tray.querySelector('img')
    if (!preview) throw new Error('no preview')
    fireEvent.error(preview)
    await waitFor(() => expect(tray.querySelector('img')).toBeNull())
    expect(tray.querySelector('.ph-att-ext')?.textContent).toBe('png')
  })

  it('removes a file from the tray before sending', async () => {
    const { widget } = await open()
    choose(widget, png(), pdf())
    fireEvent.click(await widget.screen.findByRole('button', { name: 'Remove cat.png' }))
    await waitFor(() => expect(widget.screen.queryByText('cat.png')).toBeNull())
    fireEvent.click(sendButton(widget))
    await waitFor(() => expect(uploadsNamed()).toEqual(['price-list.pdf']))
  })

  it('says an upload failed and retries it, in its place in the order', async () => {
    const { widget, posts, store } = await open()
    choose(widget, png(), pdf())
    await widget.screen.findByRole('list', { name: 'Files to send' })
    fireEvent.click(sendButton(widget))
    await waitFor(() => expect(xhr.requests).toHaveLength(1))
    xhr.requests[0]?.fail()
    await widget.screen.findByText('Upload failed')
    await settle(20)
    // The PDF waits behind the failed picture.
    expect(xhr.requests).toHaveLength(1)
    expect(posts).toHaveLength(0)
    fireEvent.click(widget.screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(xhr.requests).toHaveLength(2))
    const photo = store(xhr.requests[1])
    await waitFor(() => expect(xhr.requests).toHaveLength(3))
    const document = store(xhr.requests[2])
    await waitFor(() => expect(posts).toHaveLength(2))
    expect(posts.map((post) => post.body?.fileId)).toEqual([photo.id, document.id])
  })

  it('uploads again with the renewed token when the token was refused once', async () => {
    const { widget, posts, store } = await open()
    await sendPdf(widget)
    xhr.requests[0]?.respond(401, { error: { code: 'invalid_token', message: 'not valid' } })
    await waitFor(() => expect(xhr.requests).toHaveLength(2))
    expect(xhr.requests[1]?.headers.authorization).toBe('Bearer token-1')
    expect(widget.backend.state.visitors).toBe(1)
    store(xhr.requests[1])
    await waitFor(() => expect(posts).toHaveLength(1))
  })

  it('uploads again with a new session when the backend refuses the token for good', async () => {
    const { widget, posts, store } = await open()
    await sendPdf(widget)
    widget.backend.revoked.add('token-1')
    xhr.requests[0]?.respond(401, { error: { code: 'session_expired', message: 'expired' } })
    await waitFor(() => expect(xhr.requests).toHaveLength(2))
    expect(xhr.requests[1]?.headers.authorization).not.toBe(xhr.requests[0]?.headers.authorization)
    store(xhr.requests[1])
    await waitFor(() => expect(posts).toHaveLength(1))
  })
})

describe('errors before anything is sent', () => {
  it('names the limit for a file too large, and uploads nothing', async () => {
    const { widget } = await open()
    choose(widget, file('video.pdf', 12 * MB, 'application/pdf'))
    const error = await widget.screen.findByRole('alert')
    expect(error.textContent).toBe('video.pdf: Too big: 12 MB, the limit is 10 MB')
    expect(sendButton(widget).disabled).toBe(true)
    fireEvent.keyDown(widget.screen.getByRole('textbox', { name: 'Message' }), { key: 'Enter' })
    await settle(20)
    expect(xhr.requests).toHaveLength(0)
  })

  it('refuses a type that is not allowed', async () => {
    const { widget } = await open()
    choose(widget, file('setup.exe', 100, 'application/x-msdownload'))
    const error = await widget.screen.findByRole('alert')
    expect(error.textContent).toBe('setup.exe: This type is not accepted')
  })

  it('one line per refused file, naming it and why; the accepted types once (issue 35)', async () => {
    const { widget } = await open(
      backendWithFiles({ uploads: { maxBytes: 2 * MB, types: ['png', 'pdf'] } }),
    )
    choose(
      widget,
      file('setup.exe', 100, 'application/x-msdownload'),
      file('scan.png', 12 * MB, 'image/png'),
      file('song.mp3', 100, 'audio/mpeg'),
    )
    await widget.screen.findByText('Accepted files: PNG, PDF')
    expect(widget.screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'setup.exe: This type is not accepted',
      'scan.png: Too big: 12 MB, the limit is 2 MB',
      'song.mp3: This type is not accepted',
    ])
    expect(widget.screen.getAllByText(/PNG, PDF/)).toHaveLength(1)
  })

  it('uses the site’s own limit and types from the config', async () => {
    const { widget } = await open(
      backendWithFiles({ uploads: { maxBytes: 2 * MB, types: ['png', 'pdf'] } }),
    )
    choose(widget, pdf(), file('big.png', 3 * MB, 'image/png'), file('notes.txt', 5, 'text/plain'))
    await widget.screen.findByText('Too big: 3 MB, the limit is 2 MB')
    expect(widget.screen.getByText('This type is not accepted')).toBeTruthy()
    expect(widget.screen.getByText('Accepted files: PNG, PDF')).toBeTruthy()
    expect(picker(widget).accept).toBe('image/png,.png,application/pdf,.pdf')
  })

  it('shows the server’s refusal: too large, a type it would not take', async () => {
    const { widget, posts } = await open()
    choose(widget, png(), pdf())
    await widget.screen.findByRole('list', { name: 'Files to send' })
    fireEvent.click(sendButton(widget))
    await waitFor(() => expect(xhr.requests).toHaveLength(1))
    // The server's limit is lower than the page's config says: its words say so.
    xhr.requests[0]?.respond(413, {
      error: { code: 'payload_too_large', message: 'The limit is 1 kB' },
    })
    await widget.screen.findByText('The limit is 1 kB')
    await waitFor(() => expect(xhr.requests).toHaveLength(2))
    xhr.requests[1]?.respond(415, {
      error: { code: 'type_mismatch', message: 'The content is not a PDF document' },
    })
    await widget.screen.findByText('The content is not a PDF document')
    await settle(20)
    expect(posts).toHaveLength(0)
    expect(widget.screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })
})

describe('drop and paste', () => {
  it('takes files dropped onto the chat window', async () => {
    const { widget } = await open()
    const dialog = widget.screen.getByRole('dialog')
    const over = new Event('dragover', { bubbles: true, cancelable: true })
    Object.defineProperty(over, 'dataTransfer', { value: { types: ['Files'] } })
    dialog.dispatchEvent(over)
    expect(over.defaultPrevented).toBe(true)
    const drop = new Event('drop', { bubbles: true, cancelable: true })
    const dropped = [pdf()]
    Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'], files: dropped } })
    dialog.dispatchEvent(drop)
    dropped.length = 0
    expect(drop.defaultPrevented).toBe(true)
    await widget.screen.findByText('price-list.pdf')
  })

  it('leaves a text drag alone', async () => {
    const { widget } = await open()
    const over = new Event('dragover', { bubbles: true, cancelable: true })
    Object.defineProperty(over, 'dataTransfer', { value: { types: ['text/plain'] } })
    widget.screen.getByRole('dialog').dispatchEvent(over)
    expect(over.defaultPrevented).toBe(false)
  })

  it('takes a pasted image, and leaves pasted text (with or without a picture) to the message box', async () => {
    const { widget } = await open()
    const box = widget.screen.getByRole('textbox', { name: 'Message' })
    const text = new Event('paste', { bubbles: true, cancelable: true })
    Object.defineProperty(text, 'clipboardData', { value: { types: ['text/plain'], files: [] } })
    box.dispatchEvent(text)
    expect(text.defaultPrevented).toBe(false)
    // Cells copied from a spreadsheet come with a picture of themselves: pasted as text.
    const cells = new Event('paste', { bubbles: true, cancelable: true })
    Object.defineProperty(cells, 'clipboardData', {
      value: {
        types: ['text/plain', 'text/html', 'Files'],
        files: [file('image.png', 4096, 'image/png')],
      },
    })
    box.dispatchEvent(cells)
    expect(cells.defaultPrevented).toBe(false)
    const image = new Event('paste', { bubbles: true, cancelable: true })
    const pasted = [file('image', 2048, 'image/png')]
    Object.defineProperty(image, 'clipboardData', { value: { types: ['Files'], files: pasted } })
    box.dispatchEvent(image)
    pasted.length = 0
    expect(image.defaultPrevented).toBe(true)
    // Named with its type's extension, so the backend takes it.
    await widget.screen.findByText('image.png')
  })
})

describe('file messages in the outbox', () => {
  it('retries a file message with the same id until the backend takes it, shown meanwhile', async () => {
    const files = backendWithFiles()
    let failures = 2
    files.control.fileAnswer = () => {
      failures--
      return json({ error: { code: 'unavailable', message: 'Try again' } }, 503, {
        'retry-after': '1',
      })
    }
    const { widget, posts, store, control } = await open(files)
    choose(widget, png())
    await widget.screen.findByRole('list', { name: 'Files to send' })
    fireEvent.click(sendButton(widget))
    await waitFor(() => expect(xhr.requests).toHaveLength(1))
    const photo = store(xhr.requests[0])
    await waitFor(() => expect(posts).toHaveLength(1))
    // Queued: shown as the picture with "Sending…" while it waits.
    await waitFor(() =>
      expect(widget.root.querySelector(`.ph-own img[src="${photo.thumb}"]`)).toBeTruthy(),
    )
    expect(widget.screen.getByText('Sending…')).toBeTruthy()
    await waitFor(() => expect(posts).toHaveLength(2), { timeout: REAL_WORK_TIMEOUT_MS })
    control.fileAnswer = undefined
    await waitFor(() => expect(posts).toHaveLength(3), { timeout: REAL_WORK_TIMEOUT_MS })
    expect(failures).toBe(0)
    expect(new Set(posts.map((post) => post.body?.id)).size).toBe(1)
    await widget.screen.findByText('Sent')
    expect(widget.root.querySelectorAll(`.ph-own img[src="${photo.thumb}"]`)).toHaveLength(1)
  })

  it('keeps a file message across a reload and sends it then', async () => {
    const base = createBase()
    const storage = createMemoryStore()
    const offline = backendWithFiles()
    offline.control.fileAnswer = () => {
      throw new TypeError('Failed to fetch')
    }
    const first = await open(offline, { base, storage })
    choose(first.widget, pdf())
    await first.widget.screen.findByText('price-list.pdf')
    fireEvent.click(sendButton(first.widget))
    await waitFor(() => expect(xhr.requests).toHaveLength(1))
    const document = first.store(xhr.requests[0])
    await waitFor(() => expect(first.posts).toHaveLength(1))
    await settle(50)
    first.widget.unmount()
    widgets.splice(widgets.indexOf(first.widget), 1)

    const online = backendWithFiles()
    const second = await mountTestWidget({ base, storage, backend: online.backend })
    widgets.push(second)
    // The chat was open before the reload: it opens again by itself.
    await second.screen.findByRole('dialog')
    await waitFor(() =>
      expect(second.root.querySelector('.ph-own a.ph-file')?.textContent).toContain(
        'price-list.pdf',
      ),
    )
    await waitFor(() => expect(online.posts).toHaveLength(1))
    expect(online.posts[0]?.body).toMatchObject({
      type: 'file',
      fileId: document.id,
      id: first.posts[0]?.body?.id,
    })
  })

  it('sends a delayed file message now (Send now) under the same id, with its file', async () => {
    const files = backendWithFiles()
    const { widget, posts, store, control } = await open(files)
    await sendPdf(widget)
    const document = store(xhr.requests[0])
    control.fileAnswer = (request) =>
      json(
        {
          entries: [
            {
              id: 'delayed-1',
              clientId: String(request.body?.id),
              author: 'visitor',
              content: {
                type: 'document',
                file: document.url,
                file_name: document.name,
                file_size: document.size,
              },
              at: Date.now(),
            },
          ],
          delivery: 'delayed',
        },
        202,
      )
    await waitFor(() => expect(posts).toHaveLength(1))
    fireEvent.click(await widget.screen.findByRole('button', { name: 'Send now' }))
    await waitFor(() => expect(posts).toHaveLength(2))
    expect(posts[1]?.body).toMatchObject({
      type: 'file',
      fileId: document.id,
      id: posts[0]?.body?.id,
    })
  })

  it('sends a failed file message again (Retry) with the same file under a new id', async () => {
    const { widget, posts, store } = await open()
    await sendPdf(widget)
    const document = store(xhr.requests[0])
    await waitFor(() => expect(posts).toHaveLength(1))
    await widget.screen.findByText('Sent')
    const clientId = String(posts[0]?.body?.id)
    widget.stream().emit('delivery', { clientId, state: 'failed', error: 'gave up' })
    fireEvent.click(await widget.screen.findByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(posts).toHaveLength(2))
    expect(posts[1]?.body).toMatchObject({ type: 'file', fileId: document.id })
    expect(posts[1]?.body?.id).not.toBe(clientId)
  })
})
