import { useEffect, useRef, useState } from 'preact/hooks'
import type { StudioApi } from '../api'
import { NoticeLine } from '../NoticeLine'
import { useUnsavedWarning } from '../use-unsaved-warning'
import { ArticleEditor } from './ArticleEditor'
import { ArticleList } from './ArticleList'
import { HelpOverview } from './HelpOverview'
import type { ArticleSummary } from './help-types'
import { ImportLines } from './ImportLines'
import { ImportPages } from './ImportPages'
import { languageOptions } from './languages'
import { useArticleEditor } from './use-article-editor'
import { errorText, useArticleList } from './use-article-list'
import { useHelpStats } from './use-help-stats'

type Notice = { kind: 'info' | 'error'; text: string }

/**
 * The studio's Articles section: the help centre's numbers and the questions no article
 * answers, the article list with its filters, the editor with a live preview, and imports.
 */
export function ArticlesSection({
  api,
  confirm,
  defaultLanguage = 'en',
  onDirtyChange,
  pollMs,
  searchDelayMs,
  previewDelayMs,
}: {
  api: StudioApi
  confirm: (question: string) => boolean
  /** The language a new article starts in (the site's default). */
  defaultLanguage?: string
  /** Told whether the article open has unsaved changes (the studio asks before logging out). */
  onDirtyChange?: (dirty: boolean) => void
  pollMs?: number
  searchDelayMs?: number
  previewDelayMs?: number
}) {
  const help = api.help
  const list = useArticleList(help)
  const overview = useHelpStats(help)
  const refresh = () => {
    void list.refresh()
    void overview.reload()
  }
  const editor = useArticleEditor(help, confirm, refresh)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<Notice | undefined>()
  useUnsavedWarning(editor.dirty)
  useEffect(() => onDirtyChange?.(editor.dirty), [editor.dirty, onDirtyChange])
  // Back from the editor: focus returns to the list rather than to the page's top.
  const listHeading = useRef<HTMLHeadingElement>(null)
  const editing = editor.editing !== undefined
  const wasEditing = useRef(editing)
  useEffect(() => {
    if (wasEditing.current && !editing) listHeading.current?.focus()
    wasEditing.current = editing
  }, [editing])

  const newLanguage = (tag: string) =>
    languageOptions(list.page?.languages).some(([known]) => known === tag) ? tag : defaultLanguage
  const rowAction = async (work: () => Promise<string>) => {
    setBusy(true)
    setNotice(undefined)
    try {
      setNotice({ kind: 'info', text: await work() })
      refresh()
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) })
    } finally {
      setBusy(false)
    }
  }
  const togglePublished = (row: ArticleSummary) =>
    rowAction(async () => {
      const article = await help.get(row.id)
      if (!article) throw new Error(`The article “${row.title}” is gone: it was deleted elsewhere.`)
      const { id, updatedAt: _at, ...input } = article
      const saved = await help.put(id, { ...input, published: !article.published })
      return `“${saved.title}” is ${saved.published ? 'published' : 'a draft now'}.`
    })
  const remove = (row: ArticleSummary) => {
    if (!confirm(`Delete the article “${row.title}”? This cannot be undone.`)) return
    void rowAction(async () => {
      await help.remove(row.id)
      return `Deleted “${row.title}”.`
    })
  }
  const shownNotice = notice ?? (editor.editing ? undefined : editor.notice)

  return (
    <section class="card articles" id="articles" aria-labelledby="articles-title">
      <h2 id="articles-title">Articles</h2>
      {editor.editing && (
        <ArticleEditor
          api={api}
          editor={editor}
          categories={list.page?.categories ?? []}
          languages={list.page?.languages ?? []}
          previewDelayMs={previewDelayMs}
          onClose={() => {
            if (!editor.dirty || confirm('You have unsaved changes to this article. Leave them?'))
              editor.close()
          }}
          onDeleted={() => {
            setNotice({ kind: 'info', text: 'The article was deleted.' })
            refresh()
          }}
        />
      )}
      {/* Hidden, not gone, while an article is open: the filters and an import's progress stay. */}
      <div class="articles-home" hidden={editor.editing !== undefined}>
        <p class="hint">
          Visitors find these in the chat’s help view and in suggestions while they type, and the
          bot answers from them.
        </p>
        <HelpOverview
          stats={overview.stats}
          error={overview.error}
          onWrite={(question, language) => {
            setNotice(undefined)
            editor.openNew(newLanguage(language), question)
          }}
        />
        <div class="list-head">
          <h3 ref={listHeading} tabIndex={-1}>
            All articles
          </h3>
          <button
            type="button"
            class="primary"
            onClick={() => {
              setNotice(undefined)
              editor.openNew(defaultLanguage)
            }}
          >
            New article
          </button>
        </div>
        {shownNotice && <NoticeLine notice={shownNotice} />}
        <ArticleList
          list={list}
          busy={busy || editor.busy}
          searchDelayMs={searchDelayMs}
          onOpen={(id) => {
            setNotice(undefined)
            void editor.open(id)
          }}
          onTogglePublished={(row) => void togglePublished(row)}
          onDelete={remove}
        />
        <details class="imports">
          <summary>Import articles</summary>
          <div class="import-grid">
            <ImportLines api={help} onImported={refresh} />
            <ImportPages
              api={help}
              language={defaultLanguage}
              onImported={refresh}
              pollMs={pollMs}
            />
          </div>
        </details>
      </div>
    </section>
  )
}
