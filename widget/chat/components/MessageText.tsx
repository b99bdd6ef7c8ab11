import { useEffect, useState } from 'preact/hooks'

let linked: typeof import('./LinkedText')['linked'] | undefined
let linking: Promise<void> | undefined

/**
 * A message's text (anyone's); where it may hold a link (a "://", an "@" or a "www."), the links'
 * code is fetched (once, a chunk of its own) and the text shows meanwhile as it is.
 */
export function MessageText({ text }: { text: string }) {
  const [, setLinked] = useState(false)
  const wanted = !linked && /:\/\/|@|www\./i.test(text)
  useEffect(() => {
    if (!wanted) return
    linking ??= import('./LinkedText').then(
      (module) => {
        linked = module.linked
      },
      () => {
        // Offline: the next text that may hold a link tries again.
        linking = undefined
      },
    )
    void linking.then(() => setLinked(true))
  }, [wanted])
  return <>{linked ? linked(text) : text}</>
}
