import { useEffect, useState } from 'preact/hooks'
import type { ModelState } from './answer-types'
import type { AnswersApi } from './answers-api'

/**
 * Whether the backend has a model (GET /admin/api/answers), read once: undefined until
 * known, and when it cannot be read (the fields then say nothing rather than guess).
 */
export function useModelState(api: AnswersApi): ModelState | undefined {
  const [state, setState] = useState<ModelState | undefined>()
  useEffect(() => {
    let live = true
    api.state().then(
      (next) => {
        if (live) setState(next)
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [api])
  return state
}
