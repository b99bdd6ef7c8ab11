import { useCallback, useEffect, useMemo, useState } from 'preact/hooks'
import {
  type FieldProblem,
  isStudioApiError,
  type Saved,
  type Settings,
  type SettingsVersion,
  type StudioApi,
} from './api'
import { differs } from './draft'
import { localProblems } from './local-check'
import { invitationRules } from './preview-config'

export type Notice = { kind: 'info' | 'error'; text: string }

/**
 * Settings as the editor holds them: the old single `invite` read as the first rule of
 * `invitations` (what the API saves anyway), so an untouched form is not "changed".
 */
export function normalize(settings: Settings): Settings {
  if (!settings.invite || Array.isArray(settings.invitations)) return settings
  const { invite: _old, ...rest } = settings
  return { ...rest, invitations: invitationRules(settings) }
}

/** The studio's state and actions: the saved settings, the draft, saving and versions. */
export function useStudio(api: StudioApi) {
  const [saved, setSaved] = useState<Saved | undefined>()
  const [draft, setDraft] = useState<Settings>({})
  const [serverProblems, setServerProblems] = useState<FieldProblem[]>([])
  const [conflict, setConflict] = useState(false)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<Notice | undefined>()
  const [versions, setVersions] = useState<SettingsVersion[]>([])
  // The login ended (8 h idle, logged out elsewhere): the draft stays until they log in again.
  const [expired, setExpired] = useState(false)

  const apply = useCallback((next: Saved) => {
    const settings = normalize(next.settings)
    setSaved({ settings, version: next.version })
    setDraft(settings)
    setServerProblems([])
    setConflict(false)
  }, [])
  const failed = (error: unknown) => {
    if (isStudioApiError(error) && error.status === 401) {
      setExpired(true)
      return
    }
    setNotice({ kind: 'error', text: error instanceof Error ? error.message : String(error) })
  }

  const refreshVersions = useCallback(
    () => api.versions().then(setVersions, () => setVersions([])),
    [api],
  )
  const load = useCallback(async () => {
    setBusy(true)
    try {
      apply(await api.load())
      setNotice(undefined)
      void refreshVersions()
    } catch (error) {
      failed(error)
    } finally {
      setBusy(false)
    }
  }, [api, apply, refreshVersions])
  useEffect(() => {
    void load()
  }, [load])

  const dirty = saved !== undefined && differs(saved.settings, draft)
  const checked = useMemo(() => localProblems(draft), [draft])
  // The API's answer names the fields of what was sent; typing clears it, the live
  // check (same schema) takes over.
  const problems = serverProblems.length > 0 ? serverProblems : checked

  const change = useCallback((update: (current: Settings) => Settings) => {
    setDraft(update)
    setServerProblems([])
  }, [])

  const save = async () => {
    if (!saved) return
    setBusy(true)
    setNotice(undefined)
    try {
      apply(await api.save(draft, saved.version))
      setNotice({ kind: 'info', text: 'Saved. New visitors get these settings within seconds.' })
      void refreshVersions()
    } catch (error) {
      if (isStudioApiError(error) && error.status === 412) setConflict(true)
      else if (isStudioApiError(error) && error.status === 400 && error.fields.length > 0) {
        setServerProblems(error.fields)
        setNotice({ kind: 'error', text: `Not saved: ${error.message}` })
      } else failed(error)
    } finally {
      setBusy(false)
    }
  }

  const restore = async (version: string) => {
    setBusy(true)
    try {
      apply(await api.restore(version))
      setNotice({ kind: 'info', text: `Version ${version} restored as the current settings.` })
      void refreshVersions()
    } catch (error) {
      failed(error)
    } finally {
      setBusy(false)
    }
  }

  return {
    saved,
    draft,
    dirty,
    problems,
    /** The save was refused for these fields (until the next edit). */
    refused: serverProblems.length > 0,
    conflict,
    expired,
    busy,
    notice,
    versions,
    change,
    save,
    restore,
    reload: load,
    discard: () => {
      if (saved) setDraft(saved.settings)
      setServerProblems([])
      setNotice(undefined)
    },
    dismissConflict: () => setConflict(false),
    /** Logged in again after the login expired: the draft is still here to save. */
    loggedInAgain: () => setExpired(false),
  }
}

export type StudioState = ReturnType<typeof useStudio>
