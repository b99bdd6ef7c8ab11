import { useRef, useState } from 'preact/hooks'
import { errorText } from '../articles/use-article-list'
import type { TriedAnswer } from './answer-types'
import type { AnswersApi } from './answers-api'

/** Where the console stands: nothing asked yet, asking, an answer, or a failure. */
export type AskState =
  | { kind: 'empty' }
  | { kind: 'asking'; question: string }
  | { kind: 'answered'; question: string; language: string; result: TriedAnswer }
  | { kind: 'failed'; question: string; error: string }

/** One question at a time to POST /admin/api/answers/try; a newer question wins over an older one. */
export function useAsk(api: AnswersApi) {
  const [state, setState] = useState<AskState>({ kind: 'empty' })
  const latest = useRef(0)
  const ask = async (question: string, language: string) => {
    const asked = ++latest.current
    setState({ kind: 'asking', question })
    try {
      const result = await api.tryQuestion(question, language)
      if (asked === latest.current) setState({ kind: 'answered', question, language, result })
    } catch (error) {
      if (asked === latest.current) setState({ kind: 'failed', question, error: errorText(error) })
    }
  }
  return { state, ask }
}
