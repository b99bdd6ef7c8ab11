import { useCallback, useEffect, useState } from 'preact/hooks'
import type { HelpApi } from './help-api'
import type { HelpStats } from './help-types'
import { errorText } from './use-article-list'

/** The help centre's numbers (GET /admin/api/help/stats), loaded now and on `reload()`. */
export function useHelpStats(api: HelpApi) {
  const [stats, setStats] = useState<HelpStats | undefined>()
  const [error, setError] = useState<string | undefined>()
  const reload = useCallback(
    () =>
      api.stats().then(
        (next) => {
          setStats(next)
          setError(undefined)
        },
        (failure: unknown) => setError(errorText(failure)),
      ),
    [api],
  )
  useEffect(() => {
    void reload()
  }, [reload])
  return { stats, error, reload }
}
