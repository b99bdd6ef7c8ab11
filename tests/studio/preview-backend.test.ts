import { describe, expect, it } from 'vitest'
import { readFromPreview, readToPreview } from '../../studio/src/preview/messages'
import { previewFetch } from '../../studio/src/preview/preview-backend'

const BASE = 'https://studio.example/admin/preview-widget/'

describe('the preview’s widget API', () => {
  it('answers the status the studio chose, as it changes', async () => {
    const state = { online: true }
    const fetcher = previewFetch(() => state)
    expect(await (await fetcher(`${BASE}api/status`)).json()).toEqual({ online: true })
    state.online = false
    expect(await (await fetcher(`${BASE}api/status`)).json()).toEqual({ online: false })
  })

  it('gives the preview visitor a session, an empty history, and echoes messages as sent', async () => {
    const fetcher = previewFetch(() => ({ online: true }))
    const session = await (
      await fetcher(`${BASE}api/session`, { method: 'POST', body: '{}' })
    ).json()
    expect(session).toMatchObject({ visitorId: 'preview', token: 'preview' })
    expect(await (await fetcher(`${BASE}api/history?limit=50`)).json()).toEqual({ entries: [] })
    const sent = await fetcher(`${BASE}api/messages`, {
      method: 'POST',
      body: JSON.stringify({ id: 'client-0001', type: 'text', text: 'Does it work?' }),
    })
    expect(sent.status).toBe(200)
    expect(await sent.json()).toMatchObject({
      delivery: 'sent',
      entries: [
        {
          clientId: 'client-0001',
          author: 'visitor',
          content: { type: 'text', text: 'Does it work?' },
        },
      ],
    })
    const typing = await fetcher(`${BASE}api/messages`, {
      method: 'POST',
      body: JSON.stringify({ id: 'client-0002', type: 'typein' }),
    })
    expect(typing.status).toBe(204)
  })

  it('answers anything else 404 with the API’s error body, never a network request', async () => {
    const res = await previewFetch(() => ({ online: true }))(`${BASE}api/uploads`, {
      method: 'POST',
    })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } })
  })
})

describe('preview messages', () => {
  const state = { config: { title: 'A' }, lang: 'en', online: true, theme: 'dark', invite: 'Hi' }

  it('reads a render message and refuses a malformed one', () => {
    expect(readToPreview({ type: 'porthole-preview:render', state })?.state).toEqual(state)
    expect(
      readToPreview({ type: 'porthole-preview:render', state: { ...state, lang: 'tlh' } }),
    ).toBeUndefined()
    expect(
      readToPreview({ type: 'porthole-preview:render', state: { ...state, theme: 'pink' } }),
    ).toBeUndefined()
    expect(
      readToPreview({ type: 'porthole-preview:render', state: { ...state, invite: 3 } }),
    ).toBeUndefined()
    expect(readToPreview('porthole-preview:render')).toBeUndefined()
  })

  it('reads what the preview says back', () => {
    expect(readFromPreview({ type: 'porthole-preview:ready' })).toEqual({
      type: 'porthole-preview:ready',
    })
    expect(readFromPreview({ type: 'porthole-preview:rendered', count: 2 })).toEqual({
      type: 'porthole-preview:rendered',
      count: 2,
    })
    expect(readFromPreview({ type: 'porthole-preview:error', message: 'x' })?.type).toBe(
      'porthole-preview:error',
    )
    expect(readFromPreview({ type: 'porthole-preview:rendered' })).toBeUndefined()
  })
})
