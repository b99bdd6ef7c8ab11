import { join } from 'node:path'
import { Hono } from 'hono'
import { errorBody } from '../shared/protocol/errors'
import { adminRoutes } from './admin/admin-routes'
import { studioPageRoutes } from './admin/page-routes'
import { consentRoutes } from './api/consent-routes'
import { endOfChatRoutes } from './api/end-routes'
import { eventRoutes } from './api/event-routes'
import { fileRoutes } from './api/file-routes'
import { historyRoutes } from './api/history-routes'
import { identityRoutes } from './api/identity-routes'
import { messageRoutes } from './api/message-routes'
import { publicRoutes } from './api/public-routes'
import { readRoutes } from './api/read-routes'
import { sessionRoutes } from './api/session-routes'
import { uploadRoutes } from './api/upload-routes'
import { visitorDataRoutes } from './api/visitor-routes'
import type { AppDeps } from './app-deps'
import { findRepoRoot } from './assets/repo-root'
import { widgetAssetRoutes } from './assets/widget-assets'
import { confirmRoutes } from './email/confirm/confirm-routes'
import { inboundEmailRoutes } from './email/inbound/inbound-routes'
import { linkPageLook } from './email/link-page'
import { resumeRoutes } from './email/resume-routes'
import { unsubscribeRoutes } from './email/unsubscribe-routes'
import { helpPageRoutes } from './help/pages/help-pages'
import { publicHelpRoutes } from './help/routes/public-help-routes'
import type { AppEnv } from './http/app-env'
import { createErrorHandler } from './http/on-error'
import { allowedOriginsOf, originPolicy } from './http/origin'
import { requestLog } from './http/request-log'
import { securityHeaders } from './http/security-headers'
import { visitorAuth } from './http/visitor-auth-middleware'
import { operationsRoutes } from './operations/operations-routes'
import { createRuntime, type Runtime } from './runtime'
import { createSessions } from './session/sessions'
import { localizedConfig } from './settings/localized-config'
import { agentWebhookRoutes } from './webhook/agent-messages'
import { type AgentWebhook, createAgentWebhook } from './webhook/agent-webhook'

export type { AppDeps } from './app-deps'

/** The Porthole backend: a Hono app that carries its long-lived parts (for start-up and shutdown). */
export class PortholeApp extends Hono<AppEnv> {
  constructor(
    readonly runtime: Runtime,
    /** The A3 webhook its /hooks route answers with (the Node listener's fast path uses it too). */
    readonly agentWebhook: AgentWebhook,
  ) {
    super()
  }
}

/** The long-lived parts of an app made by createApp (for start-up and shutdown). */
export function runtimeOf(app: PortholeApp): Runtime {
  return app.runtime
}

/**
 * The Porthole backend as a Hono app. Takes every dependency, so tests drive it with
 * `app.request(...)`, a fake fetch, a fixed clock and a memory store.
 *
 * @example const app = createApp({ config, settings, store, fetch, now: Date.now, logger })
 */
export function createApp(deps: AppDeps, runtime: Runtime = createRuntime(deps)): PortholeApp {
  const app = new PortholeApp(runtime, createAgentWebhook(deps, runtime))
  app.onError(createErrorHandler(deps.logger))
  // The path is not echoed back: it may carry a secret the caller mistyped.
  app.notFound((c) =>
    c.json(
      errorBody(
        'not_found',
        `No such route for ${c.req.method}: see docs/integrators/http-api.md.`,
      ),
      404,
    ),
  )
  app.use(requestLog({ logger: deps.logger, metrics: runtime.metrics }))
  app.use(securityHeaders())

  const api = new Hono<AppEnv>()
  api.use(originPolicy({ allowed: allowedOriginsOf(deps.config) }))
  const sessions = createSessions({
    store: deps.store,
    secret: deps.config.sessionSecret,
    ttlMs: deps.config.sessionTtlMs,
    keepMs: deps.config.retention.maxAgeMs,
    now: deps.now,
  })
  // Each visitor route mounts this in front of itself, for every method of its path;
  // the stream route (GET /api/events) also takes a ticket, for EventSource.
  const auth = visitorAuth({ sessions })
  const streamAuth = visitorAuth({ sessions, acceptTicket: true })
  api.route('/', sessionRoutes(deps, runtime, sessions, auth))
  api.route('/', publicRoutes(deps, runtime))
  api.route('/', messageRoutes(deps, runtime, auth))
  api.route('/', eventRoutes(deps, runtime, streamAuth))
  api.route('/', historyRoutes(deps, auth))
  api.route('/', readRoutes(deps, auth))
  api.route('/', uploadRoutes(deps, runtime, auth))
  api.route('/', endOfChatRoutes(deps, runtime, auth))
  api.route('/', visitorDataRoutes(runtime.visitorData, deps.now, auth))
  api.route('/', consentRoutes(deps, auth))
  api.route('/', identityRoutes(deps, runtime))
  api.route('/', publicHelpRoutes(deps, runtime.help, sessions))
  app.route('/api', api)

  // Before the A3 webhook: its /:secret/:channelId would take /hooks/email/<secret> too.
  if (deps.config.inboundEmail)
    app.route('/hooks', inboundEmailRoutes(deps, runtime, deps.config.inboundEmail))
  app.route('/hooks', agentWebhookRoutes(app.agentWebhook))
  // The e-mails' "Continue the conversation" links: GET /r/<token>.
  app.route('/', resumeRoutes(runtime.resume))
  // The e-mails' links' pages, in the site's name and colour and the reader's language.
  const linkLook = linkPageLook({
    email: deps.config.email,
    publicUrl: deps.config.publicUrl,
    settings: () => runtime.settings.current(),
  })
  app.route('/', unsubscribeRoutes(runtime.email, linkLook))
  // The "confirm your address" e-mails' links: GET /email/confirm/<token> (a page), POST confirms.
  app.route('/', confirmRoutes(runtime.email.confirmations, linkLook))
  app.route('/', operationsRoutes(deps, runtime))
  // The public help pages: GET /help and /help/<id>.
  app.route('/', helpPageRoutes(runtime, runtime.help))
  app.route(
    '/',
    fileRoutes(runtime, { maxAgeMs: deps.config.retention.kinds.files, now: deps.now }),
  )
  app.route(
    '/',
    widgetAssetRoutes(deps.staticDir ?? join(findRepoRoot(), 'dist', 'widget'), (request) =>
      localizedConfig(
        runtime.settings.current(),
        request,
        deps.now(),
        deps.config.uploads,
        runtime.email.enabled,
      ),
    ),
  )
  // The settings studio's API exists only with ADMIN_PASSWORD: without it /admin/* is 404.
  if (deps.config.admin) {
    // The studio's pages first: the API's /admin/* middleware must not wrap their caching.
    app.route(
      '/',
      studioPageRoutes({
        dir: join(findRepoRoot(), 'dist', 'studio'),
        publicUrl: deps.config.publicUrl,
      }),
    )
    app.route('/', adminRoutes(deps, runtime, deps.config.admin))
  }
  if (deps.bot) app.route('/bot', deps.bot.routes)
  if (deps.site) app.route('/', deps.site.routes)
  return app
}
