import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createEntry, createVisitorId, describeStoreConformance } from '../support/conformance'

describeStoreConformance('memory', async () => {
  const store = createMemoryStore()
  return { store, cleanup: () => store.close() }
})

describe('memory store', () => {
  it('refuses to work after close, with a message saying what to do', async () => {
    const store = createMemoryStore()
    await store.close()
    await expect(store.append(createVisitorId(), createEntry())).rejects.toThrow(
      /closed: create a new one/,
    )
  })

  it('does not let a caller change a stored entry afterwards', async () => {
    const store = createMemoryStore()
    const visitor = createVisitorId()
    const entry = createEntry({ content: { type: 'text', text: 'original' } })
    await store.append(visitor, entry)
    entry.content = { type: 'text', text: 'changed' }
    const [read] = await store.readAfter(visitor, undefined, 1)
    expect(read?.content).toEqual({ type: 'text', text: 'original' })
  })
})
