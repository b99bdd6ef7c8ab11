import { afterEach, describe, expect, it, vi } from 'vitest'

type Host = { Porthole?: Record<string, unknown> & { q?: unknown[][] } }
const host = window as unknown as Host

afterEach(() => {
  delete host.Porthole
  document.head.replaceChildren()
  vi.resetModules()
})

async function runEmbed() {
  const script = document.createElement('script')
  script.setAttribute('src', 'https://chat.example.com/widget.js')
  // Not inserted as a live script: happy-dom must not fetch it; findScript reads the DOM.
  script.type = 'text/plain'
  document.head.append(script)
  vi.stubGlobal('PORTHOLE_CONFIG', null)
  // The loader import fails in the test (no server): that is logged, not thrown.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  // @ts-expect-error the embed is a classic script: it runs for its effect, exports nothing
  await import('../../../widget/embed/bootstrap')
}

describe('the embed script before the loader has run', () => {
  it('getUnreadCount() returns 0, not undefined, and queues nothing', async () => {
    await runEmbed()
    const api = host.Porthole as { getUnreadCount(): unknown; q: unknown[][] }
    expect(api.getUnreadCount()).toBe(0)
    expect(api.q).toEqual([])
  })

  it('commands are still queued in order', async () => {
    await runEmbed()
    const api = host.Porthole as unknown as {
      open(): void
      showInvite(t: string): void
      q: unknown[][]
    }
    api.open()
    api.showInvite('hi')
    expect(api.q).toEqual([['open'], ['showInvite', 'hi']])
  })

  it('queues the newer methods too (hide … destroy), with their arguments', async () => {
    await runEmbed()
    const api = host.Porthole as Record<string, unknown> & { q: unknown[][] }
    const newer = ['hide', 'show', 'setColor', 'setLanguage', 'setAttributes', 'shutdown', 'boot']
    for (const name of [...newer, 'destroy']) (api[name] as (arg: string) => void)(name)
    expect(api.q).toEqual([...newer, 'destroy'].map((name) => [name, name]))
  })

  it('keeps a getUnreadCount the page already defined', async () => {
    host.Porthole = { getUnreadCount: () => 7 }
    await runEmbed()
    expect((host.Porthole as { getUnreadCount(): number }).getUnreadCount()).toBe(7)
  })
})
