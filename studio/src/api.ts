// The studio's calls to the settings API (/admin/login, /admin/api/*). Every answer is
// checked before use; every failure is a StudioApiError with the API's error code.

import { isRecord } from '../../shared/is-record'
import { type AnswersApi, createAnswersApi } from './answers/answers-api'
import {
  asString,
  createRequest,
  isStudioApiError,
  jsonInit as json,
  StudioApiError,
} from './api-request'
import { createHelpApi, type HelpApi } from './articles/help-api'
import type { SettingsDraft } from './settings-draft'

export type { FieldProblem } from './api-request'
export { isStudioApiError, StudioApiError } from './api-request'

/**
 * Settings as the studio holds them: the API's (the settings file, which the backend
 * parsed with its schema when it loaded or saved it) and the unsaved draft alike.
 */
export type Settings = SettingsDraft

export interface SettingsVersion {
  version: string
  time: string
  who: string
}

export interface Saved {
  settings: Settings
  version: string
}

/** E-mail on the backend (GET /admin/api/email): SMTP set or not, the sender, the last error. */
export interface EmailState {
  configured: boolean
  from?: string
  lastError?: { message: string; at: number }
  lastSentAt?: number
}

/** The e-mail a visitor would get (POST /admin/api/email/preview). */
export interface EmailPreview {
  subject: string
  html: string
  text: string
}

function readSaved(body: unknown): Saved {
  const version = isRecord(body) ? asString(body.version) : undefined
  if (!isRecord(body) || !isRecord(body.settings) || version === undefined) {
    throw new StudioApiError(0, 'bad_answer', 'The server sent settings the studio cannot read.')
  }
  // The backend parsed them with the settings file's schema (shared/settings/settings-file.ts)
  // before it stored them: of that shape, which SettingsDraft only loosens.
  return { settings: body.settings as SettingsDraft, version }
}

function readEmailState(body: unknown): EmailState {
  if (!isRecord(body) || typeof body.configured !== 'boolean')
    throw new StudioApiError(
      0,
      'bad_answer',
      'The server sent an e-mail state the studio cannot read.',
    )
  const state: EmailState = { configured: body.configured }
  const from = asString(body.from)
  if (from !== undefined) state.from = from
  const error = isRecord(body.lastError) ? body.lastError : undefined
  const message = asString(error?.message)
  if (error && message !== undefined && typeof error.at === 'number')
    state.lastError = { message, at: error.at }
  if (typeof body.lastSentAt === 'number') state.lastSentAt = body.lastSentAt
  return state
}

function readEmailPreview(body: unknown): EmailPreview {
  const subject = isRecord(body) ? asString(body.subject) : undefined
  const html = isRecord(body) ? asString(body.html) : undefined
  const text = isRecord(body) ? asString(body.text) : undefined
  if (subject === undefined || html === undefined || text === undefined)
    throw new StudioApiError(
      0,
      'bad_answer',
      'The server sent an e-mail preview the studio cannot read.',
    )
  return { subject, html, text }
}

function readVersions(body: unknown): SettingsVersion[] {
  const list = isRecord(body) ? body.versions : body
  if (!Array.isArray(list)) {
    throw new StudioApiError(
      0,
      'bad_answer',
      'The server sent a version list the studio cannot read.',
    )
  }
  return list.flatMap((item) => {
    if (!isRecord(item)) return []
    const version = asString(item.version)
    if (version === undefined) return []
    const time = asString(item.time) ?? asString(item.at) ?? ''
    return [{ version, time, who: asString(item.who) ?? '' }]
  })
}

export interface StudioApi {
  /** Whether the browser's session cookie is still good. */
  me(): Promise<boolean>
  login(password: string): Promise<void>
  logout(): Promise<void>
  load(): Promise<Saved>
  /** PUT with If-Match: a 412 means someone else saved since `version`. */
  save(settings: Settings, version: string): Promise<Saved>
  versions(): Promise<SettingsVersion[]>
  restore(version: string): Promise<Saved>
  /** Whether the backend can send e-mail (SMTP_URL), and how its last attempt went. */
  emailState(): Promise<EmailState>
  /** The e-mail a visitor gets in `lang`, with these (unsaved) settings. */
  emailPreview(lang: string, settings: Settings): Promise<EmailPreview>
  /** The help articles, their import and their numbers (/admin/api/help/*). */
  help: HelpApi
  /** The model's answers: whether a model is set, and the "Ask the bot" console (/admin/api/answers*). */
  answers: AnswersApi
}

/**
 * The settings API of the backend that serves the studio.
 *
 * @example const api = createStudioApi(); await api.login(password); const { settings, version } = await api.load()
 */
export function createStudioApi(
  fetcher: typeof fetch = globalThis.fetch.bind(globalThis),
  base = '/admin',
): StudioApi {
  const call = createRequest(fetcher, base)

  return {
    me: async () => {
      try {
        const body = await call('/api/me')
        return !isRecord(body) || body.loggedIn !== false
      } catch (error) {
        if (isStudioApiError(error) && (error.status === 401 || error.status === 403)) return false
        throw error
      }
    },
    login: async (password) => {
      await call('/login', json('POST', { password }))
    },
    logout: async () => {
      await call('/logout', { method: 'POST' })
    },
    load: async () => readSaved(await call('/api/settings')),
    save: async (settings, version) =>
      readSaved(await call('/api/settings', json('PUT', settings, { 'if-match': version }))),
    versions: async () => readVersions(await call('/api/settings/versions')),
    restore: async (version) =>
      readSaved(
        await call(`/api/settings/versions/${encodeURIComponent(version)}/restore`, {
          method: 'POST',
        }),
      ),
    emailState: async () => readEmailState(await call('/api/email')),
    emailPreview: async (lang, settings) =>
      readEmailPreview(await call('/api/email/preview', json('POST', { lang, settings }))),
    help: createHelpApi(call),
    answers: createAnswersApi(call),
  }
}
