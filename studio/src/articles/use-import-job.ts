import { useEffect, useRef, useState } from 'preact/hooks'
import { isStudioApiError } from '../api-request'
import type { HelpApi } from './help-api'
import type { ImportJob, PagesImport } from './help-types'
import { errorText } from './use-article-list'

/** Polls in a row that fail before the studio stops asking (a minute at one a second). */
const MAX_FAILED_POLLS = 60

/**
 * "Import from your site": starts the backend's job, then reads its progress every
 * `pollMs` until it is done or failed. A failed read is tried again; a job the backend
 * no longer knows (it restarted) stops the polling with a message.
 */
export function useImportJob(api: HelpApi, onFinished: () => void, pollMs = 1000) {
  const [jobId, setJobId] = useState<string | undefined>()
  const [job, setJob] = useState<ImportJob | undefined>()
  const [error, setError] = useState<string | undefined>()
  const finished = useRef(onFinished)
  finished.current = onFinished

  useEffect(() => {
    if (jobId === undefined) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    const poll = async () => {
      try {
        const next = await api.job(jobId)
        if (stopped) return
        failures = 0
        setJob(next)
        setError(undefined)
        if (next.state !== 'running') {
          setJobId(undefined)
          finished.current()
          return
        }
      } catch (failure) {
        if (stopped) return
        if (isStudioApiError(failure) && failure.status === 404) {
          setError(
            'The backend no longer knows this import (it restarted?). The pages imported so far are kept; start the import again for the rest.',
          )
          setJobId(undefined)
          finished.current()
          return
        }
        failures += 1
        setError(`The progress could not be read (${errorText(failure)}); trying again…`)
        if (failures >= MAX_FAILED_POLLS) {
          setError(
            `The progress could not be read: ${errorText(failure)}. Reload to see the articles.`,
          )
          setJobId(undefined)
          return
        }
      }
      timer = setTimeout(poll, pollMs)
    }
    void poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [api, jobId, pollMs])

  return {
    job,
    error,
    running: jobId !== undefined,
    async start(request: PagesImport) {
      setError(undefined)
      setJob(undefined)
      try {
        const id = await api.importPages(request)
        setJob({ state: 'running', total: 0, fetched: 0, imported: 0, errors: [] })
        setJobId(id)
      } catch (failure) {
        setError(`The import did not start: ${errorText(failure)}`)
      }
    },
  }
}
