import { useState } from 'preact/hooks'
import { MAX_ARTICLE_BYTES } from '../../../shared/help/article-limits'
import { type FieldProblem, isStudioApiError } from '../api-request'
import {
  type ArticleDraft,
  draftOf,
  draftProblems,
  emptyDraft,
  inputOf,
  sameDraft,
  slugOf,
} from './article-draft'
import type { HelpApi } from './help-api'
import type { StoredArticle } from './help-types'
import { errorText } from './use-article-list'

interface Editing {
  /** The article as last loaded or saved; none while it is new. */
  saved?: StoredArticle
  initial: ArticleDraft
  draft: ArticleDraft
}

export type EditorNotice = { kind: 'info' | 'error'; text: string }

/** The fields an answer of the backend names, if it names one of the form's. */
const FORM_FIELDS = ['id', 'title', 'body', 'language', 'category', 'keywords', 'url']

/** What a failed call tells the site owner, with the problems beside their fields. */
function failureOf(error: unknown): { notice: EditorNotice; problems: FieldProblem[] } {
  if (!isStudioApiError(error))
    return { notice: { kind: 'error', text: errorText(error) }, problems: [] }
  const problems = error.fields
    .map((problem) => ({ ...problem, path: problem.path.split('.')[0] ?? '' }))
    .filter((problem) => FORM_FIELDS.includes(problem.path))
  const text =
    error.status === 413
      ? `The article was not saved: it is too large (at most ${MAX_ARTICLE_BYTES / 1024} KB). ${error.message}`
      : error.status === 401
        ? 'Your login has ended: log in again below, then save (your text is kept).'
        : `The article was not saved: ${error.message}`
  return { notice: { kind: 'error', text }, problems }
}

/**
 * The article being written: its draft, whether it changed, and saving it. A new article
 * never replaces another with the same id, and an edit asks before replacing a version
 * someone saved elsewhere after it was opened.
 */
export function useArticleEditor(
  api: HelpApi,
  confirm: (question: string) => boolean,
  onSaved: (article: StoredArticle) => void,
) {
  const [editing, setEditing] = useState<Editing | undefined>()
  const [problems, setProblems] = useState<FieldProblem[]>([])
  const [notice, setNotice] = useState<EditorNotice | undefined>()
  const [busy, setBusy] = useState(false)
  const [expired, setExpired] = useState(false)
  const dirty = editing !== undefined && !sameDraft(editing.draft, editing.initial)

  const start = (next: Editing | undefined) => {
    setEditing(next)
    setProblems([])
    setNotice(undefined)
  }
  const fail = (error: unknown) => {
    const failure = failureOf(error)
    setExpired(isStudioApiError(error) && error.status === 401)
    setNotice(failure.notice)
    setProblems(failure.problems)
  }

  const replaceOk = async (draft: ArticleDraft, saved?: StoredArticle): Promise<boolean> => {
    const current = await api.get(draft.id)
    if (!saved) {
      if (!current) return true
      setProblems([
        {
          path: 'id',
          message: `An article with the id “${draft.id}” exists already (“${current.title}”): choose another id, or edit that article.`,
        },
      ])
      return false
    }
    if (!current)
      return confirm('This article was deleted elsewhere since you opened it. Save it again?')
    if (current.updatedAt === saved.updatedAt) return true
    return confirm(
      `Someone saved this article at ${new Date(current.updatedAt).toLocaleString()}, after you opened it. Replace their version with yours?`,
    )
  }

  return {
    editing,
    dirty,
    problems,
    notice,
    busy,
    expired,
    isNew: editing !== undefined && editing.saved === undefined,
    openNew(language: string, title = '') {
      const draft = emptyDraft(language, title)
      start({ initial: draft, draft })
    },
    async open(id: string) {
      setBusy(true)
      try {
        const article = await api.get(id)
        if (!article) throw new Error(`The article “${id}” is gone: it was deleted elsewhere.`)
        start({ saved: article, initial: draftOf(article), draft: draftOf(article) })
      } catch (error) {
        fail(error)
      } finally {
        setBusy(false)
      }
    },
    change(patch: Partial<ArticleDraft>) {
      setEditing((current) => {
        if (!current) return current
        const { draft } = current
        // A new article's id follows its title until the site owner types one of their own.
        const follows =
          !current.saved && patch.title !== undefined && draft.id === slugOf(draft.title)
        const id = follows && patch.title !== undefined ? { id: slugOf(patch.title) } : {}
        return { ...current, draft: { ...draft, ...id, ...patch } }
      })
    },
    close: () => start(undefined),
    async save() {
      if (!editing) return
      const found = draftProblems(editing.draft, !editing.saved)
      setProblems(found)
      setNotice(undefined)
      if (found.length > 0) return
      setBusy(true)
      try {
        if (!(await replaceOk(editing.draft, editing.saved))) return
        const stored = await api.put(editing.draft.id, inputOf(editing.draft))
        setExpired(false)
        start({ saved: stored, initial: draftOf(stored), draft: draftOf(stored) })
        setNotice({ kind: 'info', text: `Saved “${stored.title}”.` })
        onSaved(stored)
      } catch (error) {
        fail(error)
      } finally {
        setBusy(false)
      }
    },
    /** Deletes the article open (after asking); true when it is gone. */
    async remove(): Promise<boolean> {
      const saved = editing?.saved
      if (!saved || !confirm(`Delete the article “${saved.title}”? This cannot be undone.`))
        return false
      setBusy(true)
      try {
        await api.remove(saved.id)
        start(undefined)
        return true
      } catch (error) {
        fail(error)
        return false
      } finally {
        setBusy(false)
      }
    },
  }
}
