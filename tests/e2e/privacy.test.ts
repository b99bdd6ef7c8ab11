import { readFile } from 'node:fs/promises'
import type { BrowserContext, Page, Request } from 'playwright-core'
import { expect, it } from 'vitest'
import { describeInBrowser } from '../../kit/chromium'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import { bubble, chatWindow, composer, launcher, say } from '../support/widget-page'
import { axeSerious } from './support/axe'
import { saveSettings } from './support/site-settings'
import { uncachedPage as openUncached } from './support/uncached-page'

// The consent step (settings privacy.consent "required") and the window's menu (Download
// and Delete my conversation) in Chromium against the demo: what the browser stores and
// what it sends is read from the browser itself (IndexedDB, web storage, cookies, the
// requests the page made). The consent's record, the export and the erasure are the
// backend's routes POST /api/visitor/consent, GET /api/visitor/export, DELETE /api/visitor.

const ADMIN_TOKEN = 'e2e-admin-token-for-privacy-tests-0123456789'

/** Screenshots for people to look at: `PRIVACY_SHOTS=<folder> npx vitest run tests/e2e/privacy.test.ts`. */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.PRIVACY_SHOTS
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` })
}

describeInBrowser('privacy in the widget', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna', env: { ADMIN_TOKEN } })

  /** Sets the site's privacy settings through the studio's API, as a site owner would. */
  const setPrivacy = (privacy: Record<string, unknown>) =>
    saveSettings(e2e.demo.siteUrl, ADMIN_TOKEN, { privacy })

  /** A visitor whose page never answers from the HTTP cache (widget.js carries the config). */
  async function uncachedPage(context: BrowserContext): Promise<{ page: Page; sent: Request[] }> {
    const sent: Request[] = []
    context.on('request', (request) => sent.push(request))
    return { page: await openUncached(context, e2e.demo.siteUrl), sent }
  }

  /** Everything the page's origin stores: IndexedDB databases with their keys, web storage, cookies. */
  const browserStorage = (page: Page) =>
    page.evaluate(async () => {
      const databases: Record<string, string[]> = {}
      for (const { name } of await indexedDB.databases()) {
        if (!name) continue
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name)
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        const keys: string[] = []
        for (const store of db.objectStoreNames) {
          const all = await new Promise<IDBValidKey[]>((resolve) => {
            const request = db.transaction(store).objectStore(store).getAllKeys()
            request.onsuccess = () => resolve(request.result)
          })
          keys.push(...all.map(String))
        }
        db.close()
        databases[name] = keys
      }
      return {
        databases,
        local: Object.keys(localStorage),
        session: Object.keys(sessionStorage),
        cookies: document.cookie,
      }
    })

  /** The stored value of a key of the widget's database. */
  const stored = (page: Page, key: string) =>
    page.evaluate(async (key) => {
      const [info] = (await indexedDB.databases()).filter((db) => db.name?.startsWith('porthole:'))
      if (!info?.name) return undefined
      const db = await new Promise<IDBDatabase>((resolve) => {
        const request = indexedDB.open(info.name as string)
        request.onsuccess = () => resolve(request.result)
      })
      return new Promise<unknown>((resolve) => {
        const request = db.transaction('state').objectStore('state').get(key)
        request.onsuccess = () => resolve(request.result)
      })
    }, key)

  const visitorRequests = (sent: Request[]) =>
    sent
      .filter((request) =>
        /\/api\/(session|events|messages|uploads|read|history|visitor)/.test(request.url()),
      )
      .map((request) => `${request.method()} ${new URL(request.url()).pathname}`)

  it('asks first: nothing stored or sent before Agree, recorded after, asked again on a new text', async () => {
    await setPrivacy({
      consent: 'required',
      consentText: 'E2E: we keep this chat for 30 days.',
      policyUrl: 'https://shop.example/privacy',
    })
    const context = await newVisitor(e2e.browser)
    const { page, sent } = await uncachedPage(context)
    await launcher(page).click()
    const window = chatWindow(page)
    await window.getByText('E2E: we keep this chat for 30 days.').waitFor()
    expect(await window.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      'https://shop.example/privacy',
    )
    expect(await composer(page).count()).toBe(0)
    expect(await axeSerious(page)).toEqual([])
    await shot(page, 'consent-step')

    // No thanks, then open again: still nothing stored in the browser, nothing sent.
    await window.getByRole('button', { name: 'No thanks' }).click()
    await window.waitFor({ state: 'hidden' })
    await launcher(page).click()
    await window.getByRole('button', { name: 'Agree' }).waitFor()
    expect(await browserStorage(page)).toEqual({
      databases: {},
      local: [],
      session: [],
      cookies: '',
    })
    expect(visitorRequests(sent)).toEqual([])

    await window.getByRole('button', { name: 'Agree' }).click()
    await composer(page).waitFor()
    const agreed = (await stored(page, 'consent')) as { version: string }
    expect(agreed.version).toMatch(/^[0-9a-z]+$/)
    await expect
      .poll(() =>
        sent.find(
          (request) =>
            request.method() === 'POST' && request.url().endsWith('/api/visitor/consent'),
        ),
      )
      .toBeDefined()
    const record = sent.find((request) => request.url().endsWith('/api/visitor/consent'))
    expect(record?.postDataJSON()).toEqual({ version: agreed.version })
    expect((await record?.response())?.status()).toBe(204)
    await say(page, 'E2E consent: hello after agreeing')
    await bubble(page, 'E2E consent: hello after agreeing').waitFor()
    // Exported with the rest of the visitor's data (Porthole.exportData(), as the menu's Download).
    const exported = (await page.evaluate(() =>
      (window as unknown as { Porthole: { exportData(): Promise<unknown> } }).Porthole.exportData(),
    )) as { consents?: { version: string }[] }
    expect(exported.consents?.map((consent) => consent.version)).toEqual([agreed.version])

    // The same visitor on the next page: not asked again.
    await page.reload()
    await launcher(page).waitFor()
    if ((await launcher(page).getAttribute('aria-expanded')) !== 'true')
      await launcher(page).click()
    await bubble(page, 'E2E consent: hello after agreeing').waitFor()
    expect(await window.getByRole('button', { name: 'Agree' }).count()).toBe(0)

    // A new text: asked again, and the conversation waits behind the step.
    await setPrivacy({ consent: 'required', consentText: 'E2E: new terms, 60 days.' })
    await page.reload()
    await launcher(page).waitFor()
    if ((await launcher(page).getAttribute('aria-expanded')) !== 'true')
      await launcher(page).click()
    await window.getByText('E2E: new terms, 60 days.').waitFor()
    expect(await bubble(page, 'E2E consent: hello after agreeing').count()).toBe(0)
    await window.getByRole('button', { name: 'Agree' }).click()
    await bubble(page, 'E2E consent: hello after agreeing').waitFor()
    expect(((await stored(page, 'consent')) as { version: string }).version).not.toBe(
      agreed.version,
    )
    await context.close()
  })

  it('right to left: the consent step in Arabic, axe clean', async () => {
    await setPrivacy({ consent: 'required' })
    const context = await e2e.browser.newContext({ locale: 'ar' })
    const { page } = await uncachedPage(context)
    await launcher(page).click()
    await chatWindow(page).getByRole('button', { name: 'أوافق' }).waitFor()
    expect(await page.locator('porthole-widget .ph-frame').getAttribute('dir')).toBe('rtl')
    expect(await axeSerious(page)).toEqual([])
    await shot(page, 'consent-step-ar')
    await context.close()
  })

  it('the menu downloads the conversation and deletes it, leaving nothing in the browser', async () => {
    await setPrivacy({ consent: 'none' })
    const context = await newVisitor(e2e.browser)
    const { page, sent } = await uncachedPage(context)
    await launcher(page).click()
    await say(page, 'E2E menu: where is order 1234?')
    await bubble(page, 'E2E menu: where is order 1234?').waitFor()
    const window = chatWindow(page)
    await window.getByRole('button', { name: 'Menu' }).click()
    await window.getByRole('heading', { name: 'Your conversation' }).waitFor()
    expect(await axeSerious(page)).toEqual([])
    await shot(page, 'visitor-menu')

    const downloads: string[][] = []
    page.on('download', async (download) => {
      const path = await download.path()
      downloads.push([download.suggestedFilename(), await readFile(path, 'utf8')])
    })
    await window.getByRole('button', { name: 'Download my conversation' }).click()
    await expect.poll(() => downloads.length).toBe(2)
    const [text, json] = [...downloads].sort(([a = ''], [b = '']) => b.localeCompare(a))
    expect(text?.[0]).toMatch(/^porthole-conversation-\d{4}-\d{2}-\d{2}\.txt$/)
    expect(text?.[1]).toContain('You:\nE2E menu: where is order 1234?')
    expect(json?.[0]).toMatch(/\.json$/)
    expect(JSON.parse(json?.[1] ?? '{}').messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ text: 'E2E menu: where is order 1234?' })]),
    )

    await window.getByRole('button', { name: 'Delete my conversation' }).click()
    await window.getByText(/This cannot be undone/).waitFor()
    await shot(page, 'visitor-menu-delete')
    await window.getByRole('button', { name: 'Delete', exact: true }).click()
    await window.getByText('Your conversation has been deleted.').waitFor()
    await shot(page, 'visitor-menu-deleted')
    expect(visitorRequests(sent)).toContain('DELETE /api/visitor')
    expect(await bubble(page, 'E2E menu: where is order 1234?').count()).toBe(0)
    // The keyboard stays in the window: Escape closes it, and closing stores nothing.
    await page.keyboard.press('Escape')
    await window.waitFor({ state: 'hidden' })
    const left = await browserStorage(page)
    expect(Object.values(left.databases).flat()).toEqual([])
    expect([left.local, left.session, left.cookies]).toEqual([[], [], ''])
    await context.close()
  })
})
