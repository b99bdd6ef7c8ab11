import { Hono } from 'hono'
import { isEmailAddress } from '../../shared/contact-rules'
import { apiError } from '../http/api-error'
import type { Logger } from '../logging/logger'
import type { VisitorData } from '../privacy/visitor-data'
import type { ErasedCounts } from '../privacy/visitor-erasure'
import type { VisitorExport } from '../privacy/visitor-export'
import type { AdminCaller, AdminEnv } from './admin-access'

const BY: Record<AdminCaller, string> = { token: 'admin token', password: 'studio login' }

/** What an export log line says: counts, never content. */
const exportCounts = (data: VisitorExport) => ({
  messages: data.messages.length,
  files: data.files.length,
  emails: data.emails.length,
  ratings: data.ratings.length,
  consents: data.consents.length,
})

function addCounts(sum: ErasedCounts, more: ErasedCounts): ErasedCounts {
  const out = { ...sum }
  for (const key of Object.keys(more) as (keyof ErasedCounts)[]) out[key] += more[key]
  return out
}

/**
 * The operators' side of visitors' data (behind the admin access check, as every
 * /admin/api route): GET /admin/api/visitors/<id>/export, DELETE /admin/api/visitors/<id>,
 * and both by contact address with /admin/api/visitors?email=<address> (every visitor
 * who gave it). Each call is logged with who, the visitor and the counts.
 */
export function visitorAdminRoutes(data: VisitorData, logger: Logger): Hono<AdminEnv> {
  async function known(id: string): Promise<string> {
    const state = await data.state(id)
    if (state === 'erased')
      throw apiError(404, 'visitor_erased', `Visitor "${id}" was erased on request.`)
    if (state === 'unknown')
      throw apiError(404, 'unknown_visitor', `Porthole keeps nothing about visitor "${id}".`)
    return id
  }

  async function byEmail(address: string | undefined): Promise<string[]> {
    const email = address?.trim() ?? ''
    if (!isEmailAddress(email))
      throw apiError(
        400,
        'invalid_request',
        'email: must be an e-mail address like name@example.com.',
      )
    const ids = await data.byEmail(email)
    if (ids.length === 0)
      throw apiError(404, 'unknown_visitor', 'No visitor gave this e-mail address.')
    return ids
  }

  async function exported(id: string, by: string) {
    const body = await data.export(id)
    logger.info('visitor data exported', { visitorId: id, by, counts: exportCounts(body) })
    return body
  }

  return new Hono<AdminEnv>()
    .get('/admin/api/visitors/:id/export', async (c) => {
      const id = await known(c.req.param('id'))
      c.header('cache-control', 'no-store')
      return c.json(await exported(id, BY[c.get('adminCaller')]))
    })
    .delete('/admin/api/visitors/:id', async (c) => {
      const id = await known(c.req.param('id'))
      return c.json(await data.erase(id, BY[c.get('adminCaller')]))
    })
    .get('/admin/api/visitors', async (c) => {
      const by = BY[c.get('adminCaller')]
      const visitors = []
      for (const id of await byEmail(c.req.query('email'))) visitors.push(await exported(id, by))
      c.header('cache-control', 'no-store')
      return c.json({ visitors })
    })
    .delete('/admin/api/visitors', async (c) => {
      const by = BY[c.get('adminCaller')]
      const visitors = []
      let erased: ErasedCounts | undefined
      let at = ''
      for (const id of await byEmail(c.req.query('email'))) {
        const receipt = await data.erase(id, by)
        visitors.push({ id, erased: receipt.erased })
        erased = erased ? addCounts(erased, receipt.erased) : receipt.erased
        at = receipt.at
      }
      return c.json({ erased, at, visitors })
    })
}
