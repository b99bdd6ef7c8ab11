import { Options } from '../fields/Options'
import { languageOptions } from './languages'

/** A select of the widget's languages, each by its own name (articles, imports, the console). */
export function LanguageSelect({
  id,
  value,
  onChange,
}: {
  id: string
  value: string
  onChange: (language: string) => void
}) {
  return (
    <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
      <Options of={languageOptions()} />
    </select>
  )
}
