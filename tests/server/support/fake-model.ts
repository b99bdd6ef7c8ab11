import { afterAll, beforeAll, beforeEach } from 'vitest'
import { type FakeOpenAi, startFakeOpenAi } from '../../../kit/fake-openai'

/**
 * One fake OpenAI-compatible server for the suite (kit/fake-openai.ts), reset
 * before each test (no requests, no queued replies, NO_ANSWER by default).
 *
 * @example const model = useFakeModel(); model.queue({ content: 'Yes [[returns]].' })
 */
export function useFakeModel(): FakeOpenAi {
  let started: FakeOpenAi | undefined
  beforeAll(async () => {
    started = await startFakeOpenAi()
  })
  afterAll(() => started?.close())
  beforeEach(() => started?.reset())
  const model = () => {
    if (!started) throw new Error('useFakeModel() starts the fake in beforeAll')
    return started
  }
  return {
    get url() {
      return model().url
    },
    get requests() {
      return model().requests
    },
    queue: (...replies) => model().queue(...replies),
    setDefault: (reply) => model().setDefault(reply),
    promptOf: (index) => model().promptOf(index),
    reset: () => model().reset(),
    close: () => model().close(),
  }
}
