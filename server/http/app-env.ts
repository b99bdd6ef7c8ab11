import type { HttpBindings } from '@hono/node-server'
import type { RequestVariables } from './request-log'

/** Hono's environment for Porthole: Node's req/res (absent under app.request) and per-request values. */
export type AppEnv = { Bindings: Partial<HttpBindings>; Variables: RequestVariables }
