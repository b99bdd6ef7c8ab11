// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MailboxPane } from '../../../demo/console/src/MailboxPane'
import type { MailboxMessage } from '../../../demo/sandbox/mail/mailbox'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const MAIL: MailboxMessage = {
  id: 'm1',
  receivedAt: Date.UTC(2026, 10, 25, 18, 0),
  envelope: { from: 'chat@northwind.test', to: ['maria@lopez.example'] },
  from: 'Northwind <chat@northwind.test>',
  to: 'maria@lopez.example',
  replyTo: 'reply+abc-def@reply.northwind.test',
  subject: 'Anna answered your question',
  messageId: '<m1@northwind.test>',
  headers: [
    { name: 'Received', value: 'from a' },
    { name: 'Received', value: 'from b' },
    { name: 'Subject', value: 'Anna answered your question' },
  ],
  text: 'Your order shipped.',
  html: '<p>Your order <b>shipped</b>.</p><script>parent.hacked = true</script>',
  raw: '',
}

function stubSandbox(replyAnswer = { status: 200, answer: { result: 'ok', messages: 1 } }) {
  const calls: { method: string; url: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
      const body =
        url === 'console/api/mail'
          ? {
              smtpUrl: 'smtp://127.0.0.1:2525',
              repliesOn: true,
              messages: [
                {
                  id: MAIL.id,
                  receivedAt: MAIL.receivedAt,
                  from: MAIL.from,
                  to: MAIL.to,
                  replyTo: MAIL.replyTo,
                  subject: MAIL.subject,
                },
              ],
            }
          : url.endsWith('/reply')
            ? replyAnswer
            : MAIL
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
    }),
  )
  return calls
}

describe('MailboxPane', () => {
  it('lists the e-mails, shows the first with its headers, its HTML in a frame without rights', async () => {
    stubSandbox()
    const view = render(<MailboxPane onError={() => {}} />)
    await view.findByText('smtp://127.0.0.1:2525')
    await view.findByRole('heading', { name: 'Anna answered your question' })
    expect(view.getByText('reply+abc-def@reply.northwind.test')).toBeTruthy()
    const frame = view.container.querySelector('iframe')
    expect(frame?.getAttribute('sandbox')).toBe('')
    expect(frame?.getAttribute('srcdoc')).toContain('<b>shipped</b>')
    expect(view.getAllByText('Received')).toHaveLength(2)
  })

  it('posts "Reply as the visitor" and shows what Porthole answered', async () => {
    const calls = stubSandbox()
    const view = render(<MailboxPane onError={() => {}} />)
    const box = await view.findByLabelText('Reply as the visitor')
    fireEvent.input(box, { target: { value: 'Thanks, Friday is fine.' } })
    fireEvent.click(view.getByRole('button', { name: 'Reply as the visitor' }))
    await view.findByText(/Porthole answered 200: \{"result":"ok","messages":1\}/)
    expect(calls.find((call) => call.url.endsWith('/reply'))).toEqual({
      method: 'POST',
      url: 'console/api/mail/m1/reply',
      body: { text: 'Thanks, Friday is fine.' },
    })
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''))
  })
})
