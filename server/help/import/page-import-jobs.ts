import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Logger } from '../../logging/logger'
import { helpImportKey } from '../../store/keys'
import type { Store } from '../../store/types'
import { checkArticle } from '../article'
import type { ArticleStore } from '../store/article-store'
import { extractPage, idFromUrl } from './extract-page'
import { fetchPage as defaultFetchPage } from './fetch-page'
import { readSitemap } from './sitemap'

/** Pages one import fetches at most, sitemaps it reads at most, pages fetched at a time. */
export const PAGE_IMPORT_LIMITS = { maxPages: 500, maxSitemaps: 20, concurrency: 2 }
const MAX_ERRORS = 100
const KEEP_MS = 24 * 60 * 60_000

const PageUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\//i, 'must be an http(s) URL')
  .url()
const ImportPagesRequest = z
  .object({
    sitemap: PageUrl.optional(),
    urls: z.array(PageUrl).max(PAGE_IMPORT_LIMITS.maxPages).optional(),
    language: z.string().regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/),
    category: z.string().trim().min(1).max(100).optional(),
  })
  .refine((r) => r.sitemap !== undefined || (r.urls?.length ?? 0) > 0, 'send "sitemap" or "urls"')

export const PageImportJob = z.object({
  state: z.enum(['running', 'done', 'failed']),
  total: z.number(),
  fetched: z.number(),
  imported: z.number(),
  errors: z.array(z.object({ url: z.string(), reason: z.string() })),
})
export type PageImportJob = z.infer<typeof PageImportJob>

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Imports of the owner's existing help pages: a sitemap (or sitemap of sitemaps) or a
 * list of URLs, fetched within fetch-page.ts's limits, two at a time, each page's main
 * content an article with its `url`. Progress is a record in the store, so any instance
 * answers GET …/import/pages/:job.
 */
export function createPageImports(options: {
  store: Store
  articles: ArticleStore
  allowedHosts: readonly string[]
  now: () => number
  logger: Logger
  /** Tests: shorter limits per page than PAGE_LIMITS. */
  pageLimits?: { maxBytes?: number; timeoutMs?: number }
}) {
  const fetchPage = defaultFetchPage
  const fetchOptions = { allowedHosts: options.allowedHosts, ...options.pageLimits }
  const runs = new Map<string, Promise<void>>()

  async function pagesOf(request: z.infer<typeof ImportPagesRequest>, job: PageImportJob) {
    const pages = new Set(request.urls ?? [])
    const sitemaps = request.sitemap ? [request.sitemap] : []
    for (let read = 0; read < sitemaps.length && read < PAGE_IMPORT_LIMITS.maxSitemaps; read++) {
      const address = sitemaps[read] as string
      try {
        const { kind, urls } = readSitemap((await fetchPage(address, fetchOptions)).text)
        for (const url of urls) kind === 'index' ? sitemaps.push(url) : pages.add(url)
      } catch (error) {
        job.errors.push({ url: address, reason: reasonOf(error) })
      }
    }
    return [...pages].slice(0, PAGE_IMPORT_LIMITS.maxPages)
  }

  async function importPage(url: string, request: z.infer<typeof ImportPagesRequest>) {
    const page = await fetchPage(url, fetchOptions)
    if (!/html/i.test(page.contentType))
      throw new Error(`not an HTML page (${page.contentType || 'no type'})`)
    const extracted = extractPage(page.text, page.url)
    if (!extracted) throw new Error('no main content found')
    const id = idFromUrl(url)
    if (!id) throw new Error('no article id in the URL path')
    const input = {
      title: extracted.title,
      body: extracted.markdown,
      language: request.language,
      ...(request.category ? { category: request.category } : {}),
      url,
      published: true,
      featured: false,
    }
    const checked = checkArticle(id, input, options.now())
    if (!checked.ok) throw new Error(checked.problem)
    await options.articles.put(checked.stored)
  }

  async function run(id: string, request: z.infer<typeof ImportPagesRequest>, job: PageImportJob) {
    const save = () => options.store.setRecord(helpImportKey(id), job, KEEP_MS)
    const pages = await pagesOf(request, job)
    job.total = pages.length
    await save()
    let next = 0
    const worker = async () => {
      while (next < pages.length) {
        const url = pages[next++] as string
        try {
          await importPage(url, request)
          job.imported++
        } catch (error) {
          if (job.errors.length < MAX_ERRORS) job.errors.push({ url, reason: reasonOf(error) })
        }
        job.fetched++
        await save()
      }
    }
    await Promise.all(Array.from({ length: PAGE_IMPORT_LIMITS.concurrency }, worker))
    job.state = pages.length > 0 && job.imported === 0 ? 'failed' : 'done'
    await save()
  }

  return {
    /** Checks the request and starts the job; `job` resolves with its id once its record is saved. */
    start(body: unknown): { ok: true; job: Promise<string> } | { ok: false; problem: string } {
      const parsed = ImportPagesRequest.safeParse(body)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        return { ok: false, problem: `${issue?.path.join('.') || 'body'}: ${issue?.message}` }
      }
      const id = randomUUID()
      const job: PageImportJob = { state: 'running', total: 0, fetched: 0, imported: 0, errors: [] }
      const job$ = options.store.setRecord(helpImportKey(id), job, KEEP_MS).then(() => {
        const running = run(id, parsed.data, job)
          .catch(async (error: unknown) => {
            options.logger.warn('help: a pages import failed', { error })
            job.state = 'failed'
            job.errors.push({ url: parsed.data.sitemap ?? '', reason: reasonOf(error) })
            await options.store.setRecord(helpImportKey(id), job, KEEP_MS).catch(() => {})
          })
          .finally(() => runs.delete(id))
        runs.set(id, running)
        return id
      })
      return { ok: true, job: job$ }
    },
    async status(id: string): Promise<PageImportJob | undefined> {
      if (!/^[0-9a-f-]{36}$/.test(id)) return undefined
      return options.store.getRecord(helpImportKey(id), PageImportJob)
    },
    /** Resolves once the job (on this instance) has finished. */
    finished: (id: string) => runs.get(id) ?? Promise.resolve(),
  }
}

export type PageImports = ReturnType<typeof createPageImports>
