import { describe, expect, it, vi } from 'vitest'
import type { UploadedFile } from '../../../../shared/widget-api'
import { EN_ATTACH_STRINGS } from '../../../../widget/chat/attachments/attach-strings'
import {
  createTray,
  type TrayItem,
  uploadProblem,
} from '../../../../widget/chat/attachments/tray-model'
import { ApiError } from '../../../../widget/protocol/api-error'
import { languageFile } from '../../../support/language-files'

const MB = 1024 * 1024
const limits = { maxBytes: 10 * MB, types: ['png', 'jpeg', 'pdf'] }
const strings = EN_ATTACH_STRINGS

function file(name: string, size = 100, type = ''): File {
  const blob = new File(['x'], name, { type })
  Object.defineProperty(blob, 'size', { value: size })
  return blob
}

/** A tray whose uploads wait for the test to finish them. */
function harness() {
  const pending: {
    item: TrayItem
    progress: (fraction: number) => void
    signal: AbortSignal
    resolve: (file: UploadedFile) => void
    reject: (error: unknown) => void
  }[] = []
  const queued: UploadedFile[] = []
  const revoked: string[] = []
  const sendable: boolean[] = []
  const tray = createTray({
    limits,
    strings,
    lang: 'en',
    upload: (item, progress, signal) =>
      new Promise((resolve, reject) => pending.push({ item, progress, signal, resolve, reject })),
    queue: (uploaded) => queued.push(uploaded),
    preview: (chosen) => `blob:${chosen.name}`,
    revoke: (url) => revoked.push(url),
    onSendable: (value) => sendable.push(value),
  })
  const items = () => tray.state.get().items
  const stored = (name: string): UploadedFile => ({
    id: name,
    url: `https://chat.example.test/files/${name}`,
    name,
    size: 100,
    type: 'application/pdf',
  })
  /** Finishes the upload in progress (there is at most one). */
  async function finish(outcome: 'stored' | unknown = 'stored'): Promise<void> {
    const current = pending.shift()
    if (!current) throw new Error('no upload is in progress')
    if (outcome === 'stored') current.resolve(stored(current.item.file.name))
    else current.reject(outcome)
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { tray, items, pending, queued, revoked, sendable, finish }
}

describe('the attachment tray', () => {
  it('checks each file as it is added: previews images, refuses what cannot be sent', () => {
    const { tray, items, sendable } = harness()
    tray.add([
      file('cat.png', 2048, 'image/png'),
      file('price-list.pdf', 1200),
      file('huge.pdf', 10 * MB + 1),
      file('setup.exe', 10),
      file('empty.pdf', 0),
    ])
    expect(items().map((item) => [item.file.name, item.state, item.error, item.preview])).toEqual([
      ['cat.png', 'ready', undefined, 'blob:cat.png'],
      ['price-list.pdf', 'ready', undefined, undefined],
      ['huge.pdf', 'refused', 'Too big: 10 MB, the limit is 10 MB', undefined],
      ['setup.exe', 'refused', 'This type is not accepted', undefined],
      ['empty.pdf', 'refused', 'The file is empty', undefined],
    ])
    expect(sendable.at(-1)).toBe(true)
  })

  it('has nothing to send when only refused files are in it', () => {
    const { tray, items, pending, sendable } = harness()
    tray.add([file('huge.png', 11 * MB, 'image/png')])
    expect(sendable.at(-1)).toBe(false)
    tray.send()
    expect(pending).toHaveLength(0)
    expect(items()[0]?.state).toBe('refused')
  })

  it('uploads one file at a time in the order chosen, each queued as a message once stored', async () => {
    const { tray, items, pending, queued, finish } = harness()
    const names = Array.from({ length: 300 }, (_, index) => `doc-${index}.pdf`)
    tray.add(names.map((name) => file(name)))
    tray.send()
    for (let index = 0; index < names.length; index++) {
      expect(pending).toHaveLength(1)
      expect(items()[0]?.state).toBe('uploading')
      await finish()
    }
    expect(queued.map((uploaded) => uploaded.name)).toEqual(names)
    expect(items()).toEqual([])
  })

  it('shows the upload’s progress', async () => {
    const { tray, items, pending, finish } = harness()
    tray.add([file('a.pdf')])
    tray.send()
    pending[0]?.progress(0.4)
    expect(items()[0]?.progress).toBe(0.4)
    await finish()
  })

  it('cancels an upload: aborted, never sent, the next one goes', async () => {
    const { tray, items, pending, queued, finish, revoked } = harness()
    tray.add([file('one.png', 10, 'image/png'), file('two.pdf')])
    tray.send()
    const first = pending[0]
    const key = items()[0]?.key ?? -1
    tray.remove(key)
    expect(first?.signal.aborted).toBe(true)
    expect(revoked).toEqual(['blob:one.png'])
    // The aborted upload settles; its file is not sent and the next one starts.
    await finish(new ApiError('aborted', 'cancelled', 0))
    expect(pending[0]?.item.file.name).toBe('two.pdf')
    await finish()
    expect(queued.map((uploaded) => uploaded.name)).toEqual(['two.pdf'])
  })

  it('does not send a file whose cancel came after its last byte', async () => {
    const { tray, items, pending, queued } = harness()
    tray.add([file('late.pdf')])
    tray.send()
    const upload = pending.shift()
    tray.remove(items()[0]?.key ?? -1)
    upload?.resolve({ id: 'x', url: 'https://x.test/f', name: 'late.pdf', size: 1, type: 'a/b' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(queued).toEqual([])
  })

  it('holds later files behind a failed upload until it is retried, so the order holds', async () => {
    const { tray, items, pending, queued, finish } = harness()
    tray.add([file('1.pdf'), file('2.pdf'), file('3.pdf')])
    tray.send()
    await finish()
    await finish(new ApiError('network', 'offline', 0))
    expect(items().map((item) => [item.file.name, item.state, item.error])).toEqual([
      ['2.pdf', 'failed', 'Upload failed'],
      ['3.pdf', 'queued', undefined],
    ])
    expect(pending).toHaveLength(0)
    tray.retry(items()[0]?.key ?? -1)
    await finish()
    await finish()
    expect(queued.map((uploaded) => uploaded.name)).toEqual(['1.pdf', '2.pdf', '3.pdf'])
  })

  it('waits out a 429’s Retry-After by itself, in order; a wait beyond two minutes shows it failed', async () => {
    vi.useFakeTimers()
    try {
      const { tray, items, pending, queued, finish } = harness()
      tray.add([file('1.pdf'), file('2.pdf')])
      tray.send()
      const busy = new ApiError('rate_limited', 'Too many uploads', 429, 20)
      const settle = finish(busy)
      await vi.advanceTimersByTimeAsync(0)
      await settle
      expect(items().map((item) => [item.file.name, item.state, item.error])).toEqual([
        ['1.pdf', 'queued', undefined],
        ['2.pdf', 'queued', undefined],
      ])
      await vi.advanceTimersByTimeAsync(19_000)
      expect(pending).toHaveLength(0)
      await vi.advanceTimersByTimeAsync(1_000)
      expect(pending.map((upload) => upload.item.file.name)).toEqual(['1.pdf'])
      const first = finish()
      await vi.advanceTimersByTimeAsync(0)
      await first
      const second = finish(new ApiError('rate_limited', 'Too many uploads', 429, 600))
      await vi.advanceTimersByTimeAsync(0)
      await second
      expect(queued.map((uploaded) => uploaded.name)).toEqual(['1.pdf'])
      expect(items().map((item) => [item.file.name, item.state])).toEqual([['2.pdf', 'failed']])
    } finally {
      vi.useRealTimers()
    }
  })

  it('lets the customer remove a failed file: the ones after it go on', async () => {
    const { tray, items, pending, queued, finish } = harness()
    tray.add([file('1.pdf'), file('2.pdf')])
    tray.send()
    await finish(new ApiError('http_503', 'down', 503))
    expect(pending).toHaveLength(0)
    tray.remove(items()[0]?.key ?? -1)
    expect(pending[0]?.item.file.name).toBe('2.pdf')
    await finish()
    expect(queued.map((uploaded) => uploaded.name)).toEqual(['2.pdf'])
  })

  it('refuses for good what the server refused, and goes on with the next file', async () => {
    const { tray, items, pending, finish } = harness()
    tray.add([file('a.png', 10, 'image/png'), file('b.pdf')])
    tray.send()
    await finish(new ApiError('payload_too_large', 'The limit is 5 MB', 413))
    // Within the limit the widget knows: the server's own words say its limit.
    expect(items()[0]).toMatchObject({ state: 'refused', error: 'The limit is 5 MB' })
    expect(pending[0]?.item.file.name).toBe('b.pdf')
  })

  it('cancels everything and releases the thumbnails when destroyed', () => {
    const { tray, items, pending, revoked } = harness()
    tray.add([file('a.png', 10, 'image/png'), file('b.png', 10, 'image/png')])
    tray.send()
    tray.destroy()
    expect(pending[0]?.signal.aborted).toBe(true)
    expect(revoked).toEqual(['blob:a.png', 'blob:b.png'])
    expect(items()).toEqual([])
  })
})

describe('uploadProblem', () => {
  const problem = (error: unknown) => uploadProblem(error, { limits, strings, lang: 'en' }, 12 * MB)
  it.each([
    [
      'payload_too_large',
      'x',
      413,
      { state: 'refused', error: 'Too big: 12 MB, the limit is 10 MB' },
    ],
    [
      'unsupported_type',
      'x',
      415,
      { state: 'refused', error: 'This type is not accepted', badType: true },
    ],
    [
      'type_mismatch',
      'programs are never accepted',
      415,
      { state: 'refused', error: 'programs are never accepted' },
    ],
    ['image_too_large', 'x', 422, { error: strings.badImage }],
    ['invalid_image', 'x', 422, { error: strings.badImage }],
    ['empty_file', 'x', 400, { error: 'The file is empty' }],
    ['invalid_file_name', 'Rename the file', 400, { error: 'Rename the file' }],
    // The server's words for an animation too long, a spent quota and a full disk; the
    // last two pass with time, so Retry stays.
    [
      'image_too_complex',
      'Send a shorter one',
      422,
      { state: 'refused', error: 'Send a shorter one' },
    ],
    [
      'upload_quota_exceeded',
      'Try again in 5 h',
      429,
      { state: 'failed', error: 'Try again in 5 h' },
    ],
    ['insufficient_storage', 'Try again later', 507, { state: 'failed', error: 'Try again later' }],
  ] as const)(
    'maps the server’s %s (%s, %i) to the tray’s text',
    (code, message, status, shown) => {
      const result = problem(new ApiError(code, message, status))
      if ('state' in shown) expect(result).toEqual(shown)
      else expect(result).toMatchObject(shown)
    },
  )

  it('offers a retry for everything else', () => {
    for (const error of [
      new ApiError('network', 'x', 0),
      new ApiError('rate_limited', 'x', 429),
      new ApiError('http_500', 'x', 500),
      new ApiError('invalid_token', 'x', 401),
      new ApiError('bad_response', 'x', 200),
      new TypeError('boom'),
    ]) {
      expect(problem(error)).toEqual({ state: 'failed', error: 'Upload failed' })
    }
  })

  it('says the limit in the visitor’s language', async () => {
    const russian = await languageFile('ru')
    const ru = uploadProblem(
      new ApiError('payload_too_large', 'x', 413),
      { limits: { maxBytes: 25 * MB, types: ['png'] }, strings: russian.attach, lang: 'ru' },
      30 * MB,
    )
    expect(ru.error).toBe('Слишком большой: 30 МБ, предел 25 МБ')
  })
})
