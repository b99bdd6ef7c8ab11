import { useEffect, useState } from 'preact/hooks'
import type { Observable } from '../../state/observable'

/** The observable's current value; re-renders the component when it changes. */
export function useObservable<T extends object>(source: Observable<T>): T {
  const [value, setValue] = useState(source.get())
  useEffect(() => {
    setValue(source.get())
    return source.subscribe(setValue)
  }, [source])
  return value
}
