import { useState } from 'preact/hooks'
import type { HelpApi } from './help-api'
import type { PagesImport } from './help-types'
import { LanguageSelect } from './LanguageSelect'
import { useImportJob } from './use-import-job'

const isHttp = (text: string) => /^https?:\/\/\S+$/i.test(text)

/** The request from the form, or the problem with it. */
function requestOf(
  sitemap: string,
  urls: string,
  language: string,
  category: string,
): PagesImport | string {
  const pages = urls
    .split(/\s+/)
    .map((url) => url.trim())
    .filter(Boolean)
  const map = sitemap.trim()
  if (!map && pages.length === 0) return 'Give a sitemap’s address or the pages’ addresses.'
  const bad = [map, ...pages].find((url) => url && !isHttp(url))
  if (bad) return `Not an http(s) address: ${bad}`
  const request: PagesImport = { language }
  if (map) request.sitemap = map
  if (pages.length > 0) request.urls = pages
  if (category.trim()) request.category = category.trim()
  return request
}

/** "Import from your site": the backend fetches the pages; their progress as it goes. */
export function ImportPages({
  api,
  language: initialLanguage,
  onImported,
  pollMs,
}: {
  api: HelpApi
  language: string
  onImported: () => void
  pollMs?: number
}) {
  const [sitemap, setSitemap] = useState('')
  const [urls, setUrls] = useState('')
  const [language, setLanguage] = useState(initialLanguage)
  const [category, setCategory] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const importer = useImportJob(api, onImported, pollMs)
  const { job } = importer
  return (
    <form
      class="import-form"
      aria-labelledby="import-pages-title"
      onSubmit={(event) => {
        event.preventDefault()
        const request = requestOf(sitemap, urls, language, category)
        setProblem(typeof request === 'string' ? request : undefined)
        if (typeof request !== 'string') void importer.start(request)
      }}
    >
      <h4 id="import-pages-title">From your site’s help pages</h4>
      <p class="hint">
        The backend fetches each page, keeps its main text and makes it an article that links back
        to the page.
      </p>
      <div class="field">
        <label for="import-sitemap">Sitemap address</label>
        <input
          id="import-sitemap"
          type="url"
          placeholder="https://shop.example/sitemap.xml"
          value={sitemap}
          onInput={(event) => setSitemap(event.currentTarget.value)}
        />
      </div>
      <div class="field">
        <label for="import-urls">Or the pages’ addresses, one a line</label>
        <textarea
          id="import-urls"
          rows={3}
          value={urls}
          onInput={(event) => setUrls(event.currentTarget.value)}
        />
      </div>
      <div class="row">
        <div class="field">
          <label for="import-language">Language of the pages</label>
          <LanguageSelect id="import-language" value={language} onChange={setLanguage} />
        </div>
        <div class="field">
          <label for="import-category">Category (optional)</label>
          <input
            id="import-category"
            value={category}
            onInput={(event) => setCategory(event.currentTarget.value)}
          />
        </div>
      </div>
      <div class="actions">
        <button type="submit" class="primary" disabled={importer.running}>
          {importer.running ? 'Importing…' : 'Import the pages'}
        </button>
      </div>
      {(problem ?? importer.error) && (
        <p class="field-error" role="alert">
          {problem ?? importer.error}
        </p>
      )}
      {job && (
        <div class="import-progress" role="status">
          <progress max={Math.max(job.total, 1)} value={job.fetched} aria-label="Pages fetched" />
          <p>
            {job.state === 'running'
              ? `Fetched ${job.fetched} of ${job.total || '…'} pages · ${job.imported} imported`
              : job.state === 'done'
                ? `Done: ${job.imported} of ${job.total} pages imported`
                : `The import failed after ${job.fetched} of ${job.total} pages (${job.imported} imported)`}
            {job.errors.length > 0 &&
              ` · ${job.errors.length} ${job.errors.length === 1 ? 'page' : 'pages'} not imported`}
          </p>
          {job.errors.length > 0 && (
            <ul class="import-errors">
              {job.errors.map((item, index) => (
                <li key={`${index}:${item.url}`}>
                  <span class="import-error-url">{item.url}</span>: {item.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  )
}
