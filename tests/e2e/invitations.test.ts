import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { agentConsole } from '../../kit/agent-console'
import { describeInBrowser } from '../../kit/chromium'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import { launcher, openChat, say, visit, waitOnline } from '../support/widget-page'
import { saveSettings as saveSiteSettings } from './support/site-settings'

// The studio's settings as a visitor meets them in Chromium (issues 13 and 17 #9): the
// invitation rules on a single-page site, the launcher's label, the dark theme, a
// right-to-left page, a reply's preview beside the closed launcher, business hours.

const ADMIN_TOKEN = 'e2e-admin-token-for-invitation-tests-0123456789'
const SHOTS = '/tmp/shots'
const e2e = useBrowserDemo({
  onlineAgent: 'Anna',
  env: { ADMIN_PASSWORD: 'e2e admin password', ADMIN_TOKEN },
})

/** Replaces the saved settings (as the studio does). */
const saveSettings = (changes: Record<string, unknown>) =>
  saveSiteSettings(e2e.demo.siteUrl, ADMIN_TOKEN, changes)

const invitation = (page: Page) => page.locator('porthole-widget .ph-invite')
const invitationText = (page: Page) => page.locator('porthole-widget .ph-invite-text')
const navigate = (page: Page, path: string) =>
  page.evaluate((path) => history.pushState(null, '', path), path)

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true })
})

describeInBrowser('invitation rules, the launcher label and the theme in Chromium', () => {
  it('re-checks the rules as a single-page site navigates, first match wins', async () => {
    await saveSettings({
      invitations: [
        {
          text: 'Comparing plans? Ask us.',
          when: { pages: ['/pricing*'], secondsOnPage: 1 },
          frequency: 'every-page-view',
        },
        { text: 'Third page already!', when: { minPageViews: 3 }, frequency: 'once-per-session' },
      ],
    })
    const context = await newVisitor(e2e.browser)
    const page = await visit(context, e2e.demo.siteUrl)
    await waitOnline(page)
    await page.waitForTimeout(1500)
    expect(await invitation(page).isVisible()).toBe(false)
    await navigate(page, '/pricing/teams')
    await invitationText(page).getByText('Comparing plans? Ask us.').waitFor()
    // The next page: the pricing invitation goes, and this is the third page view.
    await navigate(page, '/about')
    await invitationText(page).getByText('Third page already!').waitFor()
    // Back to pricing: one invitation per page view, the session's rule does not come back.
    await page.goBack()
    await invitationText(page).getByText('Comparing plans? Ask us.').waitFor()
    const stored = await page.evaluate(() => ({
      visit: JSON.parse(sessionStorage.getItem('porthole-visit') ?? 'null'),
      invited: JSON.parse(sessionStorage.getItem('porthole-invited') ?? 'null'),
      local: Object.keys(localStorage),
    }))
    expect(stored.visit).toMatchObject({ views: 4 })
    expect(stored.invited).toEqual(['Third page already!'])
    expect(stored.local).toEqual([])
    await context.close()
  }, 60_000)

  it('shows the label on hover, in dark, and on a right-to-left page', async () => {
    await saveSettings({
      invitations: [{ text: 'Need a hand with sizes?', when: {}, frequency: 'every-page-view' }],
      launcherLabel: 'hover',
      theme: 'dark',
      offsets: { x: 32, y: 32 },
    })
    const context = await newVisitor(e2e.browser)
    const page = await visit(context, e2e.demo.siteUrl)
    await waitOnline(page)
    const label = page.locator('porthole-widget .ph-label')
    await label.getByText('We are online').waitFor({ state: 'attached' })
    expect(await label.isVisible()).toBe(false)
    await launcher(page).hover()
    await label.waitFor({ state: 'visible' })
    expect(
      await page
        .locator('porthole-widget .ph-frame')
        .evaluate((frame) => getComputedStyle(frame).colorScheme),
    ).toBe('dark')
    await invitationText(page).getByText('Need a hand with sizes?').waitFor()
    await page.screenshot({ path: `${SHOTS}/loader-dark-label-hover.png` })
    const box = await launcher(page).boundingBox()
    const viewport = page.viewportSize()
    expect(Math.round((viewport?.width ?? 0) - (box?.x ?? 0) - (box?.width ?? 0))).toBe(32)

    // Right to left: the label and the bubble on the inner side of the launcher.
    const rtl = await context.newPage()
    await rtl.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.dir = 'rtl'
        document.documentElement.lang = 'ar'
      })
    })
    await rtl.goto(e2e.demo.siteUrl)
    await launcher(rtl).waitFor()
    await waitOnline(rtl)
    await launcher(rtl).hover()
    await rtl.locator('porthole-widget .ph-label').waitFor({ state: 'visible' })
    await invitationText(rtl).getByText('Need a hand with sizes?').waitFor()
    const labelBox = await rtl.locator('porthole-widget .ph-label').boundingBox()
    const launcherBox = await launcher(rtl).boundingBox()
    // The widget mirrors on a right-to-left page: the label on the launcher's inner side,
    // beside it (never under it) and inside the window.
    if (!labelBox || !launcherBox) throw new Error('no label or launcher')
    expect(labelBox.x >= launcherBox.x + launcherBox.width - 1).toBe(launcherBox.x < 100)
    expect(labelBox.x + labelBox.width <= launcherBox.x + 1).toBe(launcherBox.x >= 100)
    expect(labelBox.x >= 0 && labelBox.x + labelBox.width <= (viewport?.width ?? 0)).toBe(true)
    await rtl.screenshot({ path: `${SHOTS}/loader-rtl.png` })
    await context.close()
  }, 60_000)

  it('previews an agent’s reply beside the closed launcher; a click opens the chat', async () => {
    await saveSettings({ invitations: [], launcherLabel: 'always', theme: 'auto' })
    const context = await newVisitor(e2e.browser)
    const page = await visit(context, e2e.demo.siteUrl)
    await waitOnline(page)
    await page.locator('porthole-widget .ph-label').getByText('We are online').waitFor()
    await page.screenshot({ path: `${SHOTS}/loader-label-always.png` })
    await openChat(page)
    await say(page, 'agent please: is the tent waterproof?')
    const agent = agentConsole(e2e.demo.consoleUrl.replace(/\/$/, ''))
    const chat = await agent.chatWith('agent please: is the tent waterproof?')
    await launcher(page).click()
    await agent.join(chat.id, 'Anna')
    await agent.send(chat.id, 'Anna', { type: 'text', text: 'Yes, 3000 mm. Want the link?' })
    await invitationText(page).getByText('Yes, 3000 mm. Want the link?').waitFor()
    // After the bubble's 0.25 s rise.
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${SHOTS}/loader-preview-bubble.png` })
    await invitationText(page).click()
    await page.getByRole('dialog').waitFor()
    expect(await invitation(page).isVisible()).toBe(false)
    await context.close()
  }, 60_000)

  it('outside business hours: offline whatever the agents, or no launcher at all', async () => {
    // Closed every day: no hours at all.
    await saveSettings({
      launcherLabel: 'always',
      businessHours: { timezone: 'UTC', weekly: {}, closedDates: [], outside: 'offline-form' },
    })
    const context = await newVisitor(e2e.browser)
    const page = await visit(context, e2e.demo.siteUrl)
    await page.locator('porthole-widget .ph-launcher[aria-label*="Leave a message"]').waitFor()
    await page.locator('porthole-widget .ph-label').getByText('Leave a message').waitFor()
    // Anna is online, and a status poll later it is still "Leave a message".
    await page.waitForTimeout(6000)
    expect(await launcher(page).getAttribute('aria-label')).toContain('Leave a message')
    await saveSettings({
      businessHours: { timezone: 'UTC', weekly: {}, closedDates: [], outside: 'hide' },
    })
    // A new visitor (the browser keeps widget.js, and the config inside it, for 60 s).
    const other = await newVisitor(e2e.browser)
    const hidden = await other.newPage()
    await hidden.goto(e2e.demo.siteUrl)
    await hidden.locator('porthole-widget .ph-launcher').waitFor({ state: 'attached' })
    await hidden.waitForTimeout(500)
    expect(await launcher(hidden).isVisible()).toBe(false)
    await saveSettings({ businessHours: undefined, launcherLabel: 'never' })
    await other.close()
    await context.close()
  }, 60_000)
})
