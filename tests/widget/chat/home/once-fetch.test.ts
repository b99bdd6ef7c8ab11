import { describe, expect, it, vi } from 'vitest'
import { onceFetch } from '../../../../widget/chat/home/once-fetch'

describe('the team settings read once an open', () => {
  it('asks the network once per address, and each caller reads its own copy of the answer', async () => {
    const fetcher = vi.fn(async () => new Response('{"team":{}}'))
    const once = onceFetch(fetcher as unknown as typeof fetch)
    const [a, b] = await Promise.all([once('/api/config?lang=en'), once('/api/config?lang=en')])
    expect(await a.json()).toEqual({ team: {} })
    expect(await b.json()).toEqual({ team: {} })
    await once('/api/config?lang=de')
    expect(fetcher).toHaveBeenCalledTimes(2)
  })

  it('asks again after a failed request', async () => {
    const fetcher = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValue(new Response('{}'))
    const once = onceFetch(fetcher as unknown as typeof fetch)
    await expect(once('/api/config')).rejects.toThrow('offline')
    await expect(once('/api/config').then((response) => response.json())).resolves.toEqual({})
    expect(fetcher).toHaveBeenCalledTimes(2)
  })
})
