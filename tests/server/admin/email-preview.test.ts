import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { LANGUAGES, RTL_LANGUAGES } from '../../../shared/widget-api'
import { createTestConfig, createTestSettings } from '../../support/test-config'
import { createTestApp, type TestApp } from '../support/test-app'

const PASSWORD = 'correct horse battery'
const TOKEN = 'admin-token-0123456789abcdef'
const ORIGIN = 'http://porthole.test'
const AUTH = { authorization: `Bearer ${TOKEN}` }
const PATH = '/admin/api/email/preview'

type Preview = { subject: string; html: string; text: string }

let t: TestApp | undefined
afterEach(() => {
  t?.stop()
  t = undefined
})

async function studio(env: Record<string, string> = {}): Promise<TestApp> {
  t = createTestApp({
    config: createTestConfig({}, { ADMIN_PASSWORD: PASSWORD, ADMIN_TOKEN: TOKEN, ...env }),
    settings: createTestSettings({ color: '#112233' }),
  })
  await runtimeOf(t.app).settings.start()
  return t
}

async function post(body: unknown, headers: Record<string, string> = AUTH): Promise<Response> {
  if (!t) throw new Error('no app')
  return t.app.request(PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

async function preview(body: unknown): Promise<Preview> {
  const res = await post(body)
  expect(res.status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('no-store')
  return (await res.json()) as Preview
}

async function login(): Promise<string> {
  if (!t) throw new Error('no app')
  const res = await t.app.request('/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ password: PASSWORD }),
  })
  expect(res.status).toBe(200)
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
}

describe('POST /admin/api/email/preview', () => {
  it('is not there without the studio (no ADMIN_PASSWORD)', async () => {
    t = createTestApp()
    expect((await post({ lang: 'en' })).status).toBe(404)
  })

  it('needs the login or ADMIN_TOKEN, and a cookie call from the studio’s own origin', async () => {
    await studio()
    const anonymous = await post({ lang: 'en' }, {})
    expect(anonymous.status).toBe(401)
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe(
      'login_required',
    )
    expect((await post({ lang: 'en' }, { authorization: 'Bearer wrong-token' })).status).toBe(401)
    const cookie = await login()
    const crossSite = await post({ lang: 'en' }, { cookie, origin: 'https://evil.example' })
    expect(crossSite.status).toBe(403)
    expect(((await crossSite.json()) as { error: { code: string } }).error.code).toBe(
      'cross_site_request',
    )
    // A cookie call without Origin or Sec-Fetch-Site is refused too (a write needs them).
    expect((await post({ lang: 'en' }, { cookie })).status).toBe(403)
    expect((await post({ lang: 'en' }, { cookie, origin: ORIGIN })).status).toBe(200)
  })

  it('renders the e-mail in each language the widget has', async () => {
    await studio()
    const en = await preview({ lang: 'en' })
    expect(en.subject).toBe('2 new replies from porthole.test')
    expect(en.text).toContain('Hello! Yes, the tent comes in green and in sand.')
    expect(en.text).toContain('Continue the conversation: http://porthole.test/r/preview')
    expect(en.html).toContain('<html lang="en">')
    const ru = await preview({ lang: 'ru' })
    expect(ru.subject).toBe('Новые ответы от porthole.test: 2')
    expect(ru.text).toContain('Продолжить разговор')
    expect(ru.html).toContain('<html lang="ru">')
    expect(ru.html).toContain('Анна')
    for (const lang of LANGUAGES) {
      const { html } = await preview({ lang })
      // Arabic, Hebrew and Persian e-mails read right to left.
      const dir = (RTL_LANGUAGES as readonly string[]).includes(lang) ? ' dir="rtl"' : ''
      expect(html).toContain(`<html lang="${lang}"${dir}>`)
    }
  })

  it('refuses a language the widget does not have, and a body that is no JSON', async () => {
    await studio()
    const res = await post({ lang: 'xx' })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('invalid_request')
    expect(body.error.message).toContain('en, ru')
    if (!t) throw new Error('no app')
    const broken = await t.app.request(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH },
      body: '{"lang":',
    })
    expect(broken.status).toBe(400)
  })

  it('shows the unsaved settings (colour, continue URL) and leaves the saved ones alone', async () => {
    await studio()
    const saved = await preview({ lang: 'en' })
    expect(saved.html).toContain('#112233')
    const edited = await preview({
      lang: 'en',
      settings: { color: '#ff5500', email: { continueUrl: 'https://shop.example/help' } },
    })
    expect(edited.subject).toBe('2 new replies from shop.example')
    expect(edited.html).toContain('border-top:4px solid #ff5500')
    expect(edited.html).not.toContain('#112233')
    if (!t) throw new Error('no app')
    expect(runtimeOf(t.app).settings.current().color).toBe('#112233')
    // Invalid e-mail settings (being typed): the saved ones are shown meanwhile.
    const halfTyped = await preview({ lang: 'en', settings: { email: { afterSeconds: 5 } } })
    expect(halfTyped.subject).toBe('2 new replies from porthole.test')
  })

  it('names the site as EMAIL_FROM does, and offers replies when EMAIL_REPLY_DOMAIN is set', async () => {
    await studio({
      SMTP_URL: 'smtp://mail.example.com:587',
      EMAIL_FROM: 'Northwind <chat@northwind.example>',
    })
    const plain = await preview({ lang: 'en' })
    expect(plain.subject).toBe('2 new replies from Northwind')
    expect(plain.text).not.toContain('replying to this e-mail')
    t?.stop()
    await studio({
      SMTP_URL: 'smtp://mail.example.com:587',
      EMAIL_FROM: 'Northwind <chat@northwind.example>',
      EMAIL_REPLY_DOMAIN: 'reply.northwind.example',
      INBOUND_EMAIL_SECRET: 'inbound-secret-0123456789abcdef',
    })
    expect((await preview({ lang: 'en' })).text).toContain('replying to this e-mail')
  })

  it('escapes what the owner typed: no markup from the colour or the continue URL reaches the HTML', async () => {
    await studio()
    const hostile = await preview({
      lang: 'en',
      settings: {
        color: '#fff"><script>alert(1)</script>',
        email: { continueUrl: 'https://shop.example/?q="><script>alert(2)</script>' },
      },
    })
    expect(hostile.html).not.toMatch(/<script/i)
    expect(hostile.html).not.toContain('alert(')
    expect(hostile.html).toContain('#112233')
    expect(hostile.subject).toBe('2 new replies from shop.example')
  })
})
