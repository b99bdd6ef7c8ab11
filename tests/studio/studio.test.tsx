// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StudioApiError } from '../../studio/src/api'
import { Studio } from '../../studio/src/Studio'
import { createFakeStudioApi, createSettings } from './support/fake-studio-api'
import { saveStudio } from './support/studio-section'

afterEach(cleanup)

async function setup(settings = createSettings(), confirm = vi.fn(() => true)) {
  const fake = createFakeStudioApi(settings)
  const onLogout = vi.fn()
  const view = render(
    <Studio
      api={fake.api}
      publicUrl="https://chat.example.com"
      onLogout={onLogout}
      confirm={confirm}
    />,
  )
  await view.findByRole('heading', { name: 'Settings studio' })
  return { fake, view, onLogout, confirm }
}

/** Saves a title change the fake API refuses with `problems`; the summary banner it shows. */
/** The studio on default settings after a Save the API refused with `problems`, and its summary. */
async function refusedSave(
  problems: Parameters<ReturnType<typeof createFakeStudioApi>['rejectNextSave']>[0],
) {
  const studio = await setup()
  const { view, fake } = studio
  fake.rejectNextSave(problems)
  fireEvent.input(view.getByLabelText('Title'), { target: { value: 'Changed' } })
  fireEvent.click(view.getByRole('button', { name: 'Save' }))
  const summary = (await view.findByText(/These 2 settings need fixing/)).closest(
    '.banner',
  ) as HTMLElement
  return { ...studio, summary }
}

const status = (view: ReturnType<typeof render>) =>
  view.getByText(/Unsaved changes|Saved · version/).textContent

describe('the studio form', () => {
  it('tracks unsaved changes; undoing the edit makes it clean again; discard restores', async () => {
    const { view } = await setup()
    expect(status(view)).toMatch('Saved · version 1')
    const title = view.getByLabelText('Title') as HTMLInputElement
    fireEvent.input(title, { target: { value: 'Northwind help' } })
    expect(status(view)).toMatch('Unsaved changes')
    expect((view.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false)
    fireEvent.input(title, { target: { value: 'Northwind Outfitters' } })
    expect(status(view)).toMatch('Saved · version 1')
    fireEvent.input(title, { target: { value: 'Something else' } })
    fireEvent.click(view.getByRole('button', { name: 'Discard' }))
    expect(title.value).toBe('Northwind Outfitters')
    expect(status(view)).toMatch('Saved · version 1')
  })

  it('warns before the page is left with unsaved changes, and not after saving', async () => {
    const { view } = await setup()
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(leave()).toBe(false)
    fireEvent.input(view.getByLabelText('Title'), { target: { value: 'Changed' } })
    expect(leave()).toBe(true)
    await saveStudio(view)
    expect(leave()).toBe(false)
  })

  it('asks in the app before logging out or restoring over unsaved changes', async () => {
    const confirm = vi.fn(() => false)
    const { view, onLogout, fake } = await setup(createSettings(), confirm)
    fireEvent.click(view.getByRole('button', { name: 'Log out' }))
    expect(confirm).not.toHaveBeenCalled()
    expect(onLogout).toHaveBeenCalledTimes(1)
    fireEvent.input(view.getByLabelText('Title'), { target: { value: 'Saved title' } })
    await saveStudio(view)
    fireEvent.input(view.getByLabelText('Title'), { target: { value: 'Unsaved title' } })
    fireEvent.click(view.getByRole('button', { name: 'Log out' }))
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/unsaved changes/))
    expect(onLogout).toHaveBeenCalledTimes(1)
    fireEvent.click(await view.findByRole('button', { name: 'Restore version 1' }))
    expect(confirm).toHaveBeenCalledTimes(2)
    expect(fake.api.restore).not.toHaveBeenCalled()
    expect((view.getByLabelText('Title') as HTMLInputElement).value).toBe('Unsaved title')
  })

  it('saves the whole settings with If-Match and shows the new version', async () => {
    const { view, fake } = await setup()
    fireEvent.input(view.getByLabelText('Accent colour'), { target: { value: '#b42318' } })
    fireEvent.click(view.getByLabelText('A sound for new replies'))
    fireEvent.input(view.getByLabelText('Check agents’ status every (seconds)'), {
      target: { value: '15' },
    })
    fireEvent.input(view.getByLabelText(/End a conversation after/), { target: { value: '30' } })
    await saveStudio(view)
    expect(fake.saves).toHaveLength(1)
    expect(fake.saves[0]?.ifMatch).toBe('1')
    expect(fake.saves[0]?.settings).toMatchObject({
      color: '#b42318',
      title: 'Northwind Outfitters',
      sound: false,
      statusPollSeconds: 15,
      chatIdleMinutes: 30,
    })
    await view.findByText(/Saved\. New visitors get these settings/)
  })

  it('shows the API’s field errors next to their fields and counts them per section', async () => {
    const { view, fake } = await setup()
    fake.rejectNextSave([
      { path: 'invitations.0.when.minPageViews', message: 'must be a whole number' },
      { path: 'title', message: 'must be at most 80 characters' },
    ])
    fireEvent.input(view.getByLabelText('Title'), { target: { value: 'T'.repeat(10) } })
    fireEvent.click(view.getByRole('button', { name: 'Save' }))
    await view.findByText(/Not saved: 2 field\(s\) need fixing/)
    const title = view.getByLabelText('Title')
    expect(title.getAttribute('aria-invalid')).toBe('true')
    const describedBy = title.getAttribute('aria-describedby') ?? ''
    expect(describedBy).toContain('f-title-error')
    expect(view.container.querySelector('#f-title-error')?.textContent).toBe(
      'must be at most 80 characters',
    )
    const views = view.getByLabelText('At least this many page views')
    expect(views.getAttribute('aria-invalid')).toBe('true')
    const invitations = view.getByRole('heading', { name: /Invitations/ })
    expect(invitations.textContent).toContain('1 problem')
    // Typing clears the API's answer; the live check takes over.
    fireEvent.input(title, { target: { value: 'Fine' } })
    expect(view.container.querySelector('#f-title-error')).toBeNull()
  })

  it('lists a refused save’s problems with links to their fields, and problems no field shows', async () => {
    const { view, summary } = await refusedSave([
      { path: 'color', message: 'must be a hex colour like #1f6feb' },
      { path: '(settings)', message: 'Unrecognized key: "colour"' },
    ])
    expect(within(summary).getByRole('link', { name: 'Accent colour' }).getAttribute('href')).toBe(
      '#f-color',
    )
    expect(view.container.querySelector('#f-color')).not.toBeNull()
    expect(within(summary).getByText('(settings)')).toBeTruthy()
    expect(summary.textContent).toContain('Unrecognized key: "colour"')
  })

  it('counts and links a problem of every field the form edits (sound, status poll, idle end)', async () => {
    const { view, summary } = await refusedSave([
      { path: 'statusPollSeconds', message: 'must be at least 5' },
      { path: 'chatIdleMinutes', message: 'must be a whole number' },
    ])
    for (const [path, label] of [
      ['statusPollSeconds', 'Check agents’ status every (seconds)'],
      ['chatIdleMinutes', 'End a conversation after (minutes without a message)'],
    ]) {
      const href = within(summary).getByRole('link', { name: label }).getAttribute('href')
      expect(href).toBe(`#f-${path}`)
      expect(view.container.querySelector(href ?? '')).not.toBeNull()
    }
    const appearance = view.getByRole('heading', { name: /Appearance/ })
    expect(appearance.textContent).toContain('2 problems')
  })

  it('names a problem’s field as the form labels it, a per-language text with its language', async () => {
    const { summary } = await refusedSave([
      { path: 'title.en', message: 'must not be empty' },
      { path: 'invitations.0.when.secondsOnPage', message: 'must be a whole number' },
    ])
    expect(within(summary).getByRole('link', { name: 'Title (English)' })).toBeTruthy()
    expect(
      within(summary).getByRole('link', { name: 'Invitation rule 1: Seconds on the page' }),
    ).toBeTruthy()
    expect(summary.textContent).not.toMatch(/title\.en|invitations\.0/)
  })

  it('says which language’s text a problem is in, beside a per-language field', async () => {
    const { view } = await setup(createSettings({ title: { en: 'Hello', ru: 'Привет' } }))
    const title = view.getByRole('tabpanel', { name: /English/ }).querySelector('input')
    if (!title) throw new Error('the English title is missing')
    fireEvent.input(title, { target: { value: '' } })
    expect(view.container.querySelector('#f-title-en-error')?.textContent).toBe(
      'English: must not be empty',
    )
  })

  it('checks fields live with the API’s schema before any save', async () => {
    const { view } = await setup()
    fireEvent.input(view.getByLabelText('Accent colour'), { target: { value: 'teal' } })
    expect(view.container.querySelector('#f-color-error')?.textContent).toMatch(/hex colour/)
    expect(view.getByText(/1 problem/, { selector: '.status' })).toBeTruthy()
  })

  it('on 412 says someone else saved and reloads their settings on request', async () => {
    const { view, fake } = await setup()
    fake.savedElsewhere(createSettings({ title: 'Their title' }))
    fireEvent.input(view.getByLabelText('Title'), { target: { value: 'My title' } })
    fireEvent.click(view.getByRole('button', { name: 'Save' }))
    const alert = await view.findByText(/Someone else saved the settings/)
    expect(alert).toBeTruthy()
    // Nothing of mine was saved over theirs.
    expect(fake.current.settings.title).toBe('Their title')
    fireEvent.click(view.getByRole('button', { name: 'Reload their settings' }))
    await waitFor(() =>
      expect((view.getByLabelText('Title') as HTMLInputElement).value).toBe('Their title'),
    )
    expect(status(view)).toMatch('Saved · version 2')
    expect(view.queryByText(/Someone else saved/)).toBeNull()
  })

  it('lists versions and restores one as a new version', async () => {
    const { view, fake } = await setup()
    fireEvent.input(view.getByLabelText('Title'), { target: { value: 'Second' } })
    await saveStudio(view)
    fireEvent.click(await view.findByRole('button', { name: 'Restore version 1' }))
    await waitFor(() => expect(fake.api.restore).toHaveBeenCalledWith('1'))
    await view.findByText(/Version 1 restored/)
    expect((view.getByLabelText('Title') as HTMLInputElement).value).toBe('Northwind Outfitters')
    expect(status(view)).toMatch('Saved · version 3')
  })

  it('shows the recommended embed and the plain script tag to install', async () => {
    const { view } = await setup()
    const snippet = view.container.querySelector('#install-snippet')?.textContent ?? ''
    expect(snippet).toMatch(
      /^<script>\(function\(d,u\)\{.*"https:\/\/chat\.example\.com\/widget\.js"\)<\/script>$/,
    )
    expect(snippet).toContain("addEventListener('load',go)")
    expect(
      view.getByText('<script src="https://chat.example.com/widget.js" async></script>'),
    ).toBeTruthy()
    expect(view.getByRole('button', { name: 'Copy the code' })).toBeTruthy()
    expect(view.getByRole('button', { name: 'Copy the tag' })).toBeTruthy()
  })
})

describe('sections', () => {
  it('edits a text per language in tabs, and back to one text', async () => {
    const { view, fake } = await setup()
    const greeting = view.getByLabelText('Greeting')
    const field = greeting.closest('.field') as HTMLElement
    fireEvent.click(within(field).getByLabelText('One text per language'))
    const tabs = within(field).getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['English', 'Русский (empty)'])
    // Arrow keys move between the tabs, focus following.
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tabs[1])
    expect(tabs[1]?.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(tabs[1] as HTMLElement, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tabs[0])
    fireEvent.click(tabs[1] as HTMLElement)
    fireEvent.input(within(field).getByRole('textbox'), { target: { value: 'Здравствуйте!' } })
    await saveStudio(view)
    expect(fake.saves[0]?.settings.greeting).toEqual({
      en: 'Hi! Ask us anything.',
      ru: 'Здравствуйте!',
    })
  })

  it('adds, reorders and removes invitation rules with their conditions', async () => {
    const { view, fake } = await setup()
    fireEvent.click(view.getByRole('button', { name: 'Add an invitation' }))
    const rule2 = view.getByRole('listitem', { name: 'Rule 2' })
    fireEvent.input(within(rule2).getByLabelText('Invitation text'), {
      target: { value: 'Free shipping today!' },
    })
    fireEvent.change(within(rule2).getByLabelText('Device'), { target: { value: 'mobile' } })
    fireEvent.change(within(rule2).getByLabelText('Agents online'), { target: { value: 'true' } })
    fireEvent.input(within(rule2).getByLabelText('utm_campaign'), { target: { value: 'spring*' } })
    fireEvent.input(within(rule2).getByLabelText('Pages'), {
      target: { value: '/shop/*\n\n/sale' },
    })
    fireEvent.click(within(rule2).getByLabelText('New visitors only'))
    fireEvent.change(within(rule2).getByLabelText('How often'), {
      target: { value: 'once-per-visitor' },
    })
    fireEvent.click(view.getByRole('button', { name: 'Move rule 2 up' }))
    await saveStudio(view)
    const saved = fake.saves[0]?.settings.invitations as Record<string, unknown>[]
    expect(saved).toHaveLength(2)
    expect(saved[0]).toEqual({
      text: 'Free shipping today!',
      when: {
        secondsOnPage: 30,
        device: 'mobile',
        agentsOnline: true,
        utm: { campaign: 'spring*' },
        pages: ['/shop/*', '/sale'],
        newVisitorsOnly: true,
      },
      frequency: 'once-per-visitor',
    })
    expect(saved[1]).toMatchObject({ text: 'Planning a trip?' })
    fireEvent.click(view.getByRole('button', { name: 'Remove rule 1' }))
    expect(view.getAllByRole('listitem', { name: /Rule/ })).toHaveLength(1)
    expect((view.getByLabelText('Invitation text') as HTMLTextAreaElement).value).toBe(
      'Planning a trip?',
    )
  })

  it('turns business hours on with a weekday schedule, a closed date and the outside behaviour', async () => {
    const { view, fake } = await setup()
    fireEvent.click(view.getByLabelText('Use business hours'))
    fireEvent.change(view.getByLabelText('Time zone'), { target: { value: 'Europe/Berlin' } })
    fireEvent.click(view.getByLabelText('Saturday'))
    fireEvent.input(view.getByLabelText('Saturday closes at'), { target: { value: '14:00' } })
    fireEvent.click(view.getByLabelText('Friday'))
    fireEvent.input(view.getByLabelText('Closed dates (holidays)'), {
      target: { value: '2026-12-25' },
    })
    fireEvent.click(view.getByRole('button', { name: 'Add date' }))
    fireEvent.change(view.getByLabelText('Outside business hours'), { target: { value: 'hide' } })
    await saveStudio(view)
    const hours = fake.saves[0]?.settings.businessHours as Record<string, unknown>
    expect(hours.timezone).toBe('Europe/Berlin')
    expect(hours.closedDates).toEqual(['2026-12-25'])
    expect(hours.outside).toBe('hide')
    const weekly = hours.weekly as Record<string, unknown>
    expect(weekly.sat).toEqual([{ from: '09:00', to: '14:00' }])
    expect(weekly.fri).toBeUndefined()
    expect(weekly.mon).toEqual([{ from: '09:00', to: '18:00' }])
  })

  it('shows the schema’s default for an offline form field the file leaves out', async () => {
    const { view } = await setup(createSettings({ offlineForm: { fields: {} } }))
    const checked = (label: string) => (view.getByLabelText(label) as HTMLInputElement).checked
    const fields = ['Name', 'Email', 'Phone', 'Message']
    expect(fields.map((field) => checked(`Show ${field.toLowerCase()}`))).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(fields.map((field) => checked(`${field} required`))).toEqual([false, false, false, true])
  })

  it('sets offline form fields shown and required; hiding one un-requires it', async () => {
    const { view, fake } = await setup()
    fireEvent.click(view.getByLabelText('Phone required'))
    fireEvent.click(view.getByLabelText('Show name'))
    fireEvent.input(view.getByLabelText('Intro'), { target: { value: 'Leave us a note.' } })
    await saveStudio(view)
    const form = fake.saves[0]?.settings.offlineForm as {
      fields: Record<string, unknown>
      intro: string
    }
    expect(form.intro).toBe('Leave us a note.')
    expect(form.fields.phone).toEqual({ shown: true, required: true })
    expect(form.fields.name).toEqual({ shown: false, required: false })
  })

  it('edits bot rules as JSON: broken JSON is not applied and says why; valid JSON is', async () => {
    const { view, fake } = await setup()
    const editor = view.getByLabelText('All bot settings (JSON)')
    fireEvent.input(editor, { target: { value: '{"defaultLanguage": "en",' } })
    expect(view.getByText(/Not JSON yet, so not applied/)).toBeTruthy()
    expect(status(view)).toMatch('Saved · version 1')
    fireEvent.input(editor, { target: { value: '{"defaultLanguage": "en", "rules": []}' } })
    expect(view.queryByText(/Not JSON yet/)).toBeNull()
    await saveStudio(view)
    expect(fake.saves[0]?.settings.bot).toEqual({ defaultLanguage: 'en', rules: [] })
  })

  it('edits the bot’s greeting and keyword answers in a form, leaving other rules to the JSON', async () => {
    const bot = {
      rules: [
        {
          name: 'shipping',
          keywords: ['ship'],
          reply: { type: 'BUTTONS', text: 'Where?', buttons: [{ id: 'a', text: 'A' }] },
        },
      ],
    }
    const { view, fake } = await setup(createSettings({ bot }))
    expect(view.getByText(/edit it in the JSON below/)).toBeTruthy()
    fireEvent.input(view.getByLabelText('Bot greeting'), {
      target: { value: 'Hello, I am the bot.' },
    })
    fireEvent.click(view.getByRole('button', { name: 'Add a keyword answer' }))
    const rule = view.getByRole('listitem', { name: 'Bot rule rule-2' })
    fireEvent.input(within(rule).getByLabelText('Keywords'), {
      target: { value: 'opening hours\nopen*' },
    })
    fireEvent.input(within(rule).getByLabelText('Answer'), {
      target: { value: 'Monday to Friday, 9 to 18.' },
    })
    fireEvent.change(within(rule).getByLabelText('Language'), { target: { value: 'en' } })
    const json = view.getByLabelText('All bot settings (JSON)') as HTMLTextAreaElement
    await waitFor(() => expect(json.value).toContain('Monday to Friday, 9 to 18.'))
    await saveStudio(view)
    expect(fake.saves[0]?.settings.bot).toEqual({
      greeting: 'Hello, I am the bot.',
      rules: [
        bot.rules[0],
        {
          name: 'rule-2',
          keywords: ['opening hours', 'open*'],
          reply: 'Monday to Friday, 9 to 18.',
          lang: 'en',
        },
      ],
    })
  })

  it('shows the contrast warning live as the colour changes', async () => {
    const { view } = await setup()
    expect(view.getByText(/Contrast passes WCAG AA/)).toBeTruthy()
    fireEvent.input(view.getByLabelText('Accent colour'), { target: { value: '#ffe27a' } })
    expect(view.getByText(/light theme the colour.s buttons/)).toBeTruthy()
  })
})

describe('an ended login', () => {
  it('keeps the unsaved changes: log in again inline, then save them', async () => {
    const { view, fake } = await setup()
    const save = fake.api.save
    fake.api.save = vi.fn(async () => {
      throw new StudioApiError(401, 'login_required', 'Log in first.')
    })
    fireEvent.input(view.getByLabelText('Title'), { target: { value: 'Kept title' } })
    fireEvent.click(view.getByRole('button', { name: 'Save' }))
    await view.findByText(/Your login has ended/)
    fake.api.save = save
    const banner = view.getByText(/Your login has ended/).closest('.banner') as HTMLElement
    fireEvent.input(within(banner).getByLabelText('Password'), {
      target: { value: 'correct horse' },
    })
    fireEvent.click(within(banner).getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(view.queryByText(/Your login has ended/)).toBeNull())
    expect(fake.api.login).toHaveBeenCalledWith('correct horse')
    expect((view.getByLabelText('Title') as HTMLInputElement).value).toBe('Kept title')
    await saveStudio(view)
    expect(fake.current.settings.title).toBe('Kept title')
  })
})

describe('the Articles section in the studio', () => {
  it('is in the navigation; new articles start in the site’s language; logging out asks over an unsaved article', async () => {
    const { view, confirm, onLogout } = await setup(
      createSettings({ defaultLang: 'de' }),
      vi.fn(() => false),
    )
    const nav = within(view.getByRole('navigation', { name: 'Sections' }))
    expect(nav.getByRole('link', { name: 'Articles' }).getAttribute('href')).toBe('#articles')
    const section = within(view.container.querySelector('#articles') as HTMLElement)
    fireEvent.click(await section.findByRole('button', { name: 'New article' }))
    const form = within(section.getByRole('form', { name: 'New article' }))
    expect((form.getByLabelText('Language') as HTMLSelectElement).value).toBe('de')
    fireEvent.input(form.getByLabelText('Title'), { target: { value: 'Versand' } })
    // The settings themselves are unchanged: only the article is.
    expect(view.getByText(/Saved · version 1/)).toBeTruthy()
    fireEvent.click(view.getByRole('button', { name: 'Log out' }))
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/unsaved changes/))
    expect(onLogout).not.toHaveBeenCalled()
  })
})
