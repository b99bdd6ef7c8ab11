import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatEntry } from '../../../server/events/sse-format'
import { entryJson } from '../../../server/store/entry-json'
import { createMemoryStore } from '../../../server/store/memory-store'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import type { NewEntry, Store, VisitorEvent } from '../../../server/store/types'
import { createEntry, createVisitorId } from '../support/conformance'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const stores: [string, () => Store][] = [
  ['memory', () => createMemoryStore()],
  [
    'sqlite',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'porthole-entry-json-'))
      dirs.push(dir)
      return openSqliteStore(join(dir, 'porthole.db'))
    },
  ],
]

const shapes: NewEntry[] = [
  createEntry(),
  createEntry({
    photo: 'https://example.com/a.png',
    content: { type: 'text', text: 'é "q" \n\u2028' },
  }),
  createEntry({
    author: 'visitor',
    content: {
      type: 'photo',
      file: 'https://example.com/p.jpg',
      file_name: 'p.jpg',
      file_size: 12,
    },
  }),
]

describe.each(stores)(
  'the %s store hands the streams its own text of a new entry',
  (_name, open) => {
    it('formats the frame from that text, exactly what serialising the entry gives', async () => {
      const store = open()
      const visitor = createVisitorId()
      const events: VisitorEvent[] = []
      store.subscribe(visitor, (event) => events.push(event))
      for (const entry of shapes) await store.append(visitor, entry)
      expect(events).toHaveLength(shapes.length)
      const stringify = vi.spyOn(JSON, 'stringify')
      try {
        for (const event of events) {
          if (event.event !== 'message') throw new Error('a message was expected')
          const frame = formatEntry(event.data)
          const plain = JSON.parse(JSON.stringify(event.data))
          expect(frame).toBe(
            `id: ${event.data.id}\nevent: message\ndata: ${JSON.stringify(plain)}\n\n`,
          )
          stringify.mockClear()
          entryJson(event.data)
          expect(stringify).not.toHaveBeenCalled()
        }
      } finally {
        stringify.mockRestore()
      }
      await store.close()
    })
  },
)
