import { vi } from 'vitest'
import {
  type EmailState,
  type Saved,
  type Settings,
  type SettingsVersion,
  type StudioApi,
  StudioApiError,
} from '../../../studio/src/api'
import { createFakeAnswersApi } from './fake-answers-api'
import { createFakeHelpApi } from './fake-help-api'

/** Settings as GET /admin/api/settings answers them (defaults filled in). */
export function createSettings(overrides: Settings = {}): Settings {
  return {
    title: 'Northwind Outfitters',
    color: '#0f766e',
    position: 'bottom-right',
    offsets: { x: 20, y: 20 },
    launcherLabel: 'never',
    theme: 'auto',
    defaultLang: 'en',
    greeting: 'Hi! Ask us anything.',
    invitations: [
      {
        text: 'Planning a trip?',
        when: { secondsOnPage: 60, pages: ['/'] },
        frequency: 'every-page-view',
      },
    ],
    offlineForm: {
      fields: {
        name: { shown: true, required: false },
        email: { shown: true, required: false },
        phone: { shown: true, required: false },
        message: { shown: true, required: true },
      },
    },
    sound: true,
    statusPollSeconds: 30,
    ...overrides,
  }
}

/**
 * A settings API in memory that behaves like the backend's: versions count up, a stale
 * If-Match is a 412, and `reject` makes the next save a 400 with those fields.
 */
export function createFakeStudioApi(
  initial: Settings = createSettings(),
  help = createFakeHelpApi(),
  answers = createFakeAnswersApi(),
) {
  let current: Saved = { settings: initial, version: '1' }
  const history: SettingsVersion[] = [
    { version: '1', time: '2026-11-22T10:00:00.000Z', who: 'password' },
  ]
  const saves: { settings: Settings; ifMatch: string }[] = []
  const byVersion = new Map<string, Settings>([['1', structuredClone(initial)]])
  let reject: StudioApiError | undefined
  let emailState: EmailState = { configured: false }
  const commit = (settings: Settings, who: string): Saved => {
    current = { settings: structuredClone(settings), version: String(Number(current.version) + 1) }
    byVersion.set(current.version, structuredClone(settings))
    history.unshift({ version: current.version, time: new Date(0).toISOString(), who })
    return structuredClone(current)
  }
  const api: StudioApi = {
    me: vi.fn(async () => true),
    login: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    load: vi.fn(async () => structuredClone(current)),
    save: vi.fn(async (settings: Settings, ifMatch: string) => {
      saves.push({ settings, ifMatch })
      if (reject) {
        const error = reject
        reject = undefined
        throw error
      }
      if (ifMatch !== current.version)
        throw new StudioApiError(
          412,
          'version_conflict',
          'The settings changed since you loaded them.',
        )
      return commit(settings, 'password')
    }),
    versions: vi.fn(async () => structuredClone(history)),
    restore: vi.fn(async (version: string) => {
      const settings = byVersion.get(version)
      if (!settings) throw new StudioApiError(404, 'version_not_found', 'No such settings version.')
      return commit(settings, 'password')
    }),
    emailState: vi.fn(async () => structuredClone(emailState)),
    emailPreview: vi.fn(async (lang: string, settings: Settings) => {
      const email = (settings.email ?? {}) as Record<string, unknown>
      const site =
        typeof email.continueUrl === 'string' ? new URL(email.continueUrl).host : 'porthole.test'
      const color = typeof settings.color === 'string' ? settings.color : '#1f6feb'
      const subject = lang === 'ru' ? `Новые ответы от ${site}: 2` : `2 new replies from ${site}`
      return {
        subject,
        html: `<!doctype html><html lang="${lang}"><body><p style="color:${color}">${subject}</p></body></html>`,
        text: `${subject}\n\nContinue the conversation: http://porthole.test/r/preview\n`,
      }
    }),
    help: help.api,
    answers: answers.api,
  }
  return {
    api,
    help,
    answers,
    saves,
    /** Someone else saves (another tab, a script with the token). */
    savedElsewhere(settings: Settings) {
      commit(settings, 'token')
    },
    rejectNextSave(fields: { path: string; message: string }[]) {
      reject = new StudioApiError(
        400,
        'invalid_settings',
        `${fields.length} field(s) need fixing.`,
        fields,
      )
    },
    /** What GET /admin/api/email answers from now on. */
    setEmailState(state: EmailState) {
      emailState = state
    },
    get current() {
      return current
    },
  }
}
