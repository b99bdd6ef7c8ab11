import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { ArticleId } from '../../../shared/help/article'
import { markdownTree } from '../../../shared/help/markdown-tree'
import type { AdminEnv } from '../../admin/admin-access'
import type { AppDeps } from '../../app-deps'
import { apiError } from '../../http/api-error'
import { readJsonRequest, readTextRequest } from '../../http/json-body'
import { checkArticle, MAX_ARTICLE_BYTES } from '../article'
import type { Help } from '../help-service'
import { parseNdjson } from '../import/ndjson'
import type { PageImports } from '../import/page-import-jobs'
import { isTooManyArticles } from '../store/article-store'

/** An NDJSON import's body at most (a hundred articles at the size cap, or thousands of usual ones). */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024

const ListQuery = z.object({
  q: z.string().max(300).optional(),
  language: z.string().max(35).optional(),
  category: z.string().max(100).optional(),
  status: z.enum(['published', 'draft']).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
})

function invalidLine(line: number, message: string): HTTPException {
  const res = new Response(
    JSON.stringify({
      error: {
        code: 'invalid_line',
        message: `Line ${line}: ${message}. Nothing was imported.`,
        line,
      },
    }),
    { status: 400, headers: { 'content-type': 'application/json; charset=utf-8' } },
  )
  return new HTTPException(400, { res })
}

async function stored<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (isTooManyArticles(error)) throw apiError(409, error.code, error.message)
    throw error
  }
}

function checkedId(id: string): string {
  if (!ArticleId.safeParse(id).success)
    throw apiError(
      404,
      'article_not_found',
      'No article has this id (ids are slugs: a-z, 0-9, "-").',
    )
  return id
}

/**
 * The studio's help API under /admin/api/help (mounted behind the admin access check):
 * the articles' list and CRUD, the NDJSON import, the pages import's jobs, the preview
 * and the stats.
 */
export function adminHelpRoutes(deps: AppDeps, help: Help, pages: PageImports): Hono<AdminEnv> {
  const { articles } = help
  return new Hono<AdminEnv>()
    .get('/admin/api/help/articles', async (c) => {
      const query = ListQuery.safeParse(c.req.query())
      if (!query.success)
        throw apiError(
          400,
          'invalid_request',
          'Check q, language, category, status, offset and limit.',
        )
      const { q, language, category, status, offset, limit } = query.data
      return c.json(
        await articles.list({
          ...(q ? { q } : {}),
          ...(language ? { language } : {}),
          ...(category ? { category } : {}),
          ...(status ? { status } : {}),
          ...(offset !== undefined ? { offset } : {}),
          ...(limit !== undefined ? { limit } : {}),
        }),
      )
    })
    .get('/admin/api/help/articles/:id', async (c) => {
      const found = await articles.get(checkedId(c.req.param('id')))
      if (!found) throw apiError(404, 'article_not_found', 'No article has this id.')
      return c.json(found.article)
    })
    .put('/admin/api/help/articles/:id', async (c) => {
      const id = c.req.param('id')
      const body = await readJsonRequest(c, MAX_ARTICLE_BYTES * 2 + 64 * 1024)
      const checked = checkArticle(id, body, deps.now())
      if (!checked.ok) throw apiError(400, 'invalid_article', checked.problem)
      await stored(articles.put(checked.stored))
      return c.json(checked.stored.article)
    })
    .delete('/admin/api/help/articles/:id', async (c) => {
      if (!(await articles.delete(checkedId(c.req.param('id')))))
        throw apiError(404, 'article_not_found', 'No article has this id.')
      return c.body(null, 204)
    })
    .post('/admin/api/help/import', async (c) => {
      const text = await readTextRequest(c, MAX_IMPORT_BYTES)
      const parsed = parseNdjson(text, deps.now())
      if (!parsed.ok) throw invalidLine(parsed.line, parsed.message)
      await stored(articles.putMany(parsed.articles))
      return c.json({ imported: parsed.articles.length })
    })
    .post('/admin/api/help/import/pages', async (c) => {
      const started = pages.start(await readJsonRequest(c, 1024 * 1024))
      if (!started.ok) throw apiError(400, 'invalid_request', started.problem)
      return c.json({ job: await started.job }, 202)
    })
    .get('/admin/api/help/import/pages/:job', async (c) => {
      const job = await pages.status(c.req.param('job'))
      if (!job) throw apiError(404, 'job_not_found', 'No such import: jobs are kept for a day.')
      return c.json(job)
    })
    .post('/admin/api/help/preview', async (c) => {
      const body = z
        .object({ body: z.string().max(MAX_ARTICLE_BYTES) })
        .safeParse(await readJsonRequest(c, MAX_ARTICLE_BYTES * 2 + 1024))
      if (!body.success) throw apiError(400, 'invalid_request', 'Send {"body": Markdown}.')
      return c.json({ blocks: markdownTree(body.data.body) })
    })
    .get('/admin/api/help/stats', async (c) => c.json(await help.stats()))
}
