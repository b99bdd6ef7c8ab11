import type { Hono } from 'hono'
import type { AdminEnv } from '../../admin/admin-access'
import type { AppDeps } from '../../app-deps'
import type { Runtime } from '../../runtime'
import { createPageImports } from '../import/page-import-jobs'
import { adminHelpRoutes } from './admin-help-routes'

/** The studio's help API with its pages imports (behind the admin access check). */
export function studioHelpRoutes(deps: AppDeps, runtime: Runtime): Hono<AdminEnv> {
  const pages = createPageImports({
    store: deps.store,
    articles: runtime.help.articles,
    allowedHosts: deps.config.help.allowedFetchHosts,
    now: deps.now,
    logger: deps.logger,
  })
  return adminHelpRoutes(deps, runtime.help, pages)
}
