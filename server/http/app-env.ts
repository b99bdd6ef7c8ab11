import type { HttpBindings } from '@hono/node-server'
import type { Visitor } from '../session/token'
import type { RequestVariables } from './request-log'

/** Set by visitorAuth() on the routes that act for one visitor. */
export type VisitorVariables = { visitor?: Visitor; visitorGeneration?: number }

/** Hono's environment for Porthole: Node's req/res (absent under app.request) and per-request values. */
export type AppEnv = {
  Bindings: Partial<HttpBindings>
  Variables: RequestVariables & VisitorVariables
}
