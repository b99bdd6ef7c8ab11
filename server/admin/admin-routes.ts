import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import { checkSettings, type Settings } from '../../shared/settings/settings-file'
import type { AppDeps } from '../app-deps'
import { patternProblems } from '../bot/rule-pattern'
import type { AdminConfig } from '../config/config'
import { studioHelpRoutes } from '../help/routes/studio-help-routes'
import { apiError } from '../http/api-error'
import { isBodyError } from '../http/body-error'
import { clientKey } from '../http/client-ip'
import { readJsonRequest } from '../http/json-body'
import { perMinuteLimiter } from '../http/rate-limit'
import { readJsonBody } from '../http/read-body'
import { answersTryRoutes } from '../model-answers/try-routes'
import type { Runtime } from '../runtime'
import { maskPatternProblems } from '../settings/mask-pattern-check'
import { isSettingsBusyError } from '../settings/settings-error'
import type { SaveResult, VersionInfo } from '../settings/settings-versions'
import { type AdminEnv, adminAccess } from './admin-access'
import { createAdminSessions } from './admin-sessions'
import { emailPreviewRoutes } from './email-preview-routes'
import { createKnownAddresses } from './known-addresses'
import { createLoginBrake } from './login-brake'
import { adminLoginCounter } from './login-metrics'
import { createPasswordCheck } from './password-check'
import { visitorAdminRoutes } from './visitor-admin-routes'

/** Login attempts per client address and minute (right or wrong). */
export const LOGIN_ATTEMPTS_PER_MINUTE = 5
const MAX_SETTINGS_BYTES = 512 * 1024

const LoginRequest = z.object({ password: z.string().max(512) })

/** Bot and masking patterns the linear-time engine cannot run, as field problems. */
const unrunnablePatterns = (settings: Settings | undefined) => [
  ...patternProblems(settings?.bot).map(({ path, message }) => ({ path: path.join('.'), message })),
  ...maskPatternProblems(settings?.privacy),
]

/** A version as the API shows it. */
const versionView = (info: VersionInfo) => ({
  version: info.version,
  time: new Date(info.savedAt).toISOString(),
  who: info.who,
  ...(info.restoredFrom !== undefined ? { restoredFrom: info.restoredFrom } : {}),
})

/** If-Match as a version number: `7`, `"7"` or `W/"7"`; `*` is any version. */
function ifMatchVersion(header: string | undefined): number | 'any' | undefined {
  if (header === undefined) return undefined
  if (header.trim() === '*') return 'any'
  const version = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(header)?.[1]
  if (version === undefined)
    throw apiError(
      412,
      'version_conflict',
      'If-Match must be the version GET /admin/api/settings answered.',
    )
  return Number(version)
}

function readSettingsBody(c: Context<AdminEnv>): Promise<unknown> {
  return readJsonRequest(c, MAX_SETTINGS_BYTES)
}

/**
 * The settings studio's API (on only with ADMIN_PASSWORD): POST /admin/login and
 * /admin/logout, GET /admin/api/me, GET/PUT /admin/api/settings, the versions and their
 * restore. Every /admin/api/* route takes the login cookie or ADMIN_TOKEN. Mounted only
 * when `config.admin` is set (ADMIN_PASSWORD).
 *
 * @example if (config.admin) app.route('/', adminRoutes(deps, runtime, config.admin))
 */
export function adminRoutes(deps: AppDeps, runtime: Runtime, admin: AdminConfig): Hono<AdminEnv> {
  const sessions = createAdminSessions({ store: deps.store, now: deps.now, credentials: admin })
  const access = adminAccess({ sessions, token: admin.token, publicUrl: deps.config.publicUrl })
  const passwordCheck = createPasswordCheck(admin.password)
  // Attempts are counted before the password is checked, so a guesser learns nothing past the limit.
  const logins = perMinuteLimiter(
    deps.store,
    deps.logger,
    'admin-logins-per-ip',
    LOGIN_ATTEMPTS_PER_MINUTE,
  )
  // All addresses together: the per-address limit alone let 40 addresses guess 200 times in 7.4 s.
  const brake = createLoginBrake({ store: deps.store, logger: deps.logger })
  const known = createKnownAddresses({ store: deps.store, now: deps.now })
  const loginOutcomes = adminLoginCounter(runtime.metrics.registry)
  const settings = runtime.settings

  const current = (c: Context<AdminEnv>, status: 200 = 200) => {
    const version = settings.version() ?? 0
    c.header('etag', `"${version}"`)
    return c.json({ settings: settings.current(), version }, status)
  }

  async function saved(c: Context<AdminEnv>, result: Promise<SaveResult>) {
    let outcome: SaveResult
    try {
      outcome = await result
    } catch (error) {
      if (isSettingsBusyError(error))
        throw apiError(503, error.code, error.message, { 'retry-after': '1' })
      throw error
    }
    if (!outcome.ok && outcome.reason === 'not_found')
      throw apiError(
        404,
        'version_not_found',
        'No such settings version: see GET /admin/api/settings/versions.',
      )
    if (!outcome.ok)
      throw apiError(
        412,
        'version_conflict',
        `The settings changed since you loaded them (now version ${outcome.current ?? 0}): load them again and reapply your change.`,
      )
    deps.logger.info('settings: saved', {
      version: outcome.version.version,
      who: outcome.version.who,
    })
    c.header('etag', `"${outcome.version.version}"`)
    return c.json({ settings: outcome.settings, version: outcome.version.version })
  }

  const app = new Hono<AdminEnv>()
  // Answers about credentials and settings are never cached (the studio's pages are not here).
  const noStore = async (c: Context<AdminEnv>, next: () => Promise<void>) => {
    await next()
    c.header('cache-control', 'no-store')
  }
  app.use('/admin/login', noStore)
  app.use('/admin/logout', noStore)
  app.use('/admin/api/*', noStore)

  app.post('/admin/login', async (c) => {
    access.checkSameOrigin(c, true)
    const ip = clientKey(c, deps.config)
    const wait = await logins.hit(ip)
    if (wait !== undefined) {
      loginOutcomes.inc({ outcome: 'limited_address' })
      throw apiError(429, 'too_many_attempts', `Too many login attempts: try again in ${wait} s.`, {
        'retry-after': String(wait),
      })
    }
    const braked = await brake.engaged()
    if (braked !== undefined && !(await known.has(ip))) {
      loginOutcomes.inc({ outcome: 'braked' })
      throw apiError(
        429,
        'too_many_attempts',
        `Too many wrong passwords from many addresses: the studio's login pauses for ${braked} s (or use ADMIN_TOKEN).`,
        { 'retry-after': String(braked) },
      )
    }
    let body: unknown
    try {
      body = await readJsonBody(c.req.raw, c.env?.incoming, 4096)
    } catch (error) {
      if (!isBodyError(error)) throw error
      throw apiError(400, 'invalid_request', error.message)
    }
    const login = LoginRequest.safeParse(body)
    if (!login.success) throw apiError(400, 'invalid_request', 'Send {"password": "…"}.')
    if (!(await (await passwordCheck).matches(login.data.password))) {
      loginOutcomes.inc({ outcome: 'wrong_password' })
      // The studio tells the site owner only "wrong password"; the operator learns where it is set.
      deps.logger.warn('settings studio: wrong password', {
        ip,
        hint: 'the studio password is ADMIN_PASSWORD in the backend environment',
      })
      await brake.wrongPassword()
      throw apiError(401, 'wrong_password', 'Wrong password.')
    }
    loginOutcomes.inc({ outcome: 'ok' })
    await known.remember(ip)
    access.cookie.set(c, await sessions.create())
    return c.json({ loggedIn: true, via: 'password' })
  })

  app.post('/admin/logout', async (c) => {
    access.checkSameOrigin(c, true)
    const id = access.cookie.get(c)
    if (id) await sessions.end(id)
    access.cookie.clear(c)
    return c.json({ loggedIn: false })
  })

  app.get('/admin/api/me', async (c) => {
    const via = await access.identify(c)
    return c.json(via ? { loggedIn: true, via } : { loggedIn: false })
  })

  app.use('/admin/api/*', access.required)

  app.get('/admin/api/settings', (c) => current(c))
  // E-mail on this instance: configured, the sender, the last SMTP error (docs/operators/email.md).
  app.get('/admin/api/email', (c) => c.json(runtime.email.status()))
  // Whether this instance has a model for the bot's written answers (ANSWERS_LLM_URL), so
  // the studio can say so beside the switch (docs/site-owners/model-answers.md).
  app.get('/admin/api/answers', (c) =>
    c.json({ modelConfigured: deps.config.answersLlm !== undefined }),
  )
  // The e-mail a visitor gets, with the studio's unsaved settings (email-preview-routes.ts).
  app.route('/', emailPreviewRoutes(deps, runtime))
  // The help articles: list, edit, import, stats (server/help/routes/).
  app.route('/', studioHelpRoutes(deps, runtime))
  // Visitors' data: export and erasure on request (server/privacy/).
  app.route('/', visitorAdminRoutes(runtime.visitorData, deps.logger))
  // The "Ask the bot" console: a written answer without a visitor (server/model-answers/).
  app.route(
    '/',
    answersTryRoutes(runtime.answers, () => runtime.settings.current().bot),
  )

  app.put('/admin/api/settings', async (c) => {
    const ifMatch = ifMatchVersion(c.req.header('if-match'))
    const checked = checkSettings(await readSettingsBody(c))
    const problems = checked.ok ? unrunnablePatterns(checked.settings) : checked.problems
    if (!checked.ok || problems.length > 0) {
      return c.json(
        {
          error: {
            code: 'invalid_settings',
            message: `The settings were not saved: ${problems.length} field(s) need fixing.`,
            fields: problems,
          },
        },
        400,
      )
    }
    const expected = ifMatch === 'any' ? undefined : ifMatch
    return saved(c, settings.save(checked.settings, c.get('adminCaller'), expected))
  })

  app.get('/admin/api/settings/versions', async (c) =>
    c.json({
      current: settings.version() ?? 0,
      versions: (await settings.versions()).map(versionView),
    }),
  )

  app.get('/admin/api/settings/versions/:version{[0-9]+}', async (c) => {
    const record = await settings.load(Number(c.req.param('version')))
    if (!record)
      throw apiError(
        404,
        'version_not_found',
        'No such settings version: see GET /admin/api/settings/versions.',
      )
    return c.json({ ...versionView(record), settings: record.settings })
  })

  app.post('/admin/api/settings/versions/:version{[0-9]+}/restore', async (c) => {
    const version = Number(c.req.param('version'))
    // A version saved before the linear-time engine may hold a pattern it cannot run.
    const problems = unrunnablePatterns((await settings.load(version))?.settings)
    if (problems.length > 0)
      return c.json(
        {
          error: {
            code: 'invalid_settings',
            message: `Version ${version} was not restored: ${problems.length} field(s) need fixing; edit the settings instead.`,
            fields: problems,
          },
        },
        400,
      )
    return saved(c, settings.restore(version, c.get('adminCaller')))
  })

  return app
}
