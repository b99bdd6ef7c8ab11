import type { HttpBindings } from '@hono/node-server'
import type { Logger } from '../logging/logger'
import type { Visitor } from '../session/token'

/** What requestLog() (request-log.ts) sets on every request. */
export type RequestVariables = { requestId: string; log: Logger }

/** Node's req/res: absent under `app.request` (tests), present under the Node server. */
type Bindings = Partial<HttpBindings>

/** Hono's environment for Porthole: Node's req/res and the values requestLog() sets on every request. */
export type AppEnv = {
  Bindings: Bindings
  Variables: RequestVariables
}

/** Set by visitorAuth() on the routes that act for one visitor. */
export type VisitorVariables = { visitor: Visitor; visitorGeneration: number }

/**
 * The environment of a route behind visitorAuth(): the visitor is verified and set.
 * A route gets it by having the middleware in front (`.use(path, auth)` or as the
 * route's first handler), so `c.get('visitor')` is typed and always present.
 */
export type VisitorEnv = {
  Bindings: Bindings
  Variables: RequestVariables & VisitorVariables
}
