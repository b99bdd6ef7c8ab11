import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ZodError } from 'zod'
import type { Logger } from '../../../server/logging/logger'
import { describeIssues, errorBody } from '../../../shared/protocol'
import { isSandboxError, type SandboxErrorCode } from '../service/errors'
import type { SandboxService } from '../service/service'
import { botRoutes } from './bot-routes'
import { channelRoutes } from './channel-routes'
import { consoleApi } from './console-api'
import { consolePage } from './console-page'
import { hostCheck } from './host-check'
import { mailApi, type SandboxMail } from './mail-api'

const STATUS: Record<SandboxErrorCode, 400 | 404 | 409> = {
  invalid_request: 400,
  not_found: 404,
  conflict: 409,
}

/**
 * The sandbox's HTTP surface: console + control API, bot interface, channel endpoints,
 * answered only for requests addressed to one of `allowedHosts()` (see hostCheck).
 */
export function createSandboxApp(
  service: SandboxService,
  consoleDir: string,
  allowedHosts: () => ReadonlySet<string>,
  logger: Logger,
  mail?: SandboxMail,
): Hono {
  const app = new Hono()
  app.use(hostCheck(allowedHosts))
  app.route('/console/api', consoleApi(service))
  if (mail) app.route('/console/api', mailApi(mail))
  app.route('/', botRoutes(service))
  app.route('/', consolePage(consoleDir))
  app.route('/', channelRoutes(service))

  app.notFound((c) =>
    c.req.path.startsWith('/console/api/')
      ? c.json(
          errorBody('not_found', `No route ${c.req.method} ${c.req.path}: see docs/sandbox.md`),
          404,
        )
      : c.text('Not Found', 404),
  )
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse()
    if (isSandboxError(error))
      return c.json(errorBody(error.code, error.message), STATUS[error.code])
    if (error instanceof ZodError)
      return c.json(errorBody('invalid_request', describeIssues(error)), 400)
    logger.error('sandbox: unexpected error', { error })
    return c.json(
      errorBody('internal_error', 'The sandbox failed on this request; see its console output'),
      500,
    )
  })
  return app
}
