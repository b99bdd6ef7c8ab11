import { useState } from 'preact/hooks'
import type { ChannelMessage } from '../../../shared/protocol'
import { readFileFacts } from './file-facts'
import {
  buildMediaMessage,
  FIELDS_OF,
  fillFromFile,
  MEDIA_FIELDS,
  MEDIA_TYPES,
  type MediaType,
  type MediaValues,
} from './media-form'

type Props = { disabled: boolean; onSend: (message: ChannelMessage) => Promise<boolean> }

type FieldProps = {
  id: string
  kind: 'url' | 'text' | 'int' | 'number'
  required: boolean
  value: string
  onValue: (value: string) => void
}

function FieldInput({ id, kind, required, value, onValue }: FieldProps) {
  const onInput = (event: { currentTarget: HTMLInputElement }) => onValue(event.currentTarget.value)
  if (kind === 'url')
    return <input id={id} type="url" required={required} value={value} onInput={onInput} />
  if (kind === 'text')
    return <input id={id} type="text" required={required} value={value} onInput={onInput} />
  return (
    <input
      id={id}
      type="number"
      step={kind === 'int' ? '1' : 'any'}
      required={required}
      value={value}
      onInput={onInput}
    />
  )
}

/** Sends any media type of spec 2.4 by URL, with its fields. */
export function MediaPanel({ disabled, onSend }: Props) {
  const [type, setType] = useState<MediaType>('photo')
  const [values, setValues] = useState<MediaValues>({})
  const [error, setError] = useState<string | undefined>(undefined)
  const hasFile = FIELDS_OF[type].includes('file_size')

  // The chosen file is only measured: the message still points at its URL.
  const choose = async (event: { currentTarget: HTMLInputElement }) => {
    const file = event.currentTarget.files?.[0]
    if (!file) return
    const facts = await readFileFacts(file)
    setValues((current) => fillFromFile(type, current, facts))
  }

  const submit = async (event: Event) => {
    event.preventDefault()
    const built = buildMediaMessage(type, values)
    if (!built.ok) {
      setError(built.error)
      return
    }
    setError(undefined)
    if (await onSend(built.message)) setValues({})
  }

  return (
    <form class="media-panel" onSubmit={submit}>
      <div class="media-grid">
        <label>
          Type
          <select
            value={type}
            onChange={(event) => {
              const value = event.currentTarget.value
              const next = MEDIA_TYPES.find((candidate) => candidate === value)
              if (next) setType(next)
            }}
          >
            {MEDIA_TYPES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        {hasFile ? (
          <label class="wide" for="media-choose">
            <span>Fill name, size and pixels from a file</span>
            <input id="media-choose" type="file" onChange={choose} />
          </label>
        ) : null}
        {FIELDS_OF[type].map((field) => {
          const spec = MEDIA_FIELDS[field]
          return (
            <label
              key={field}
              for={`media-${field}`}
              class={field === 'file' || field === 'thumb' || field === 'text' ? 'wide' : ''}
            >
              <span>
                {spec.label}
                {spec.required ? <span class="required"> *</span> : null}
              </span>
              <FieldInput
                id={`media-${field}`}
                kind={spec.kind}
                required={spec.required}
                value={values[field] ?? ''}
                onValue={(value) => setValues((current) => ({ ...current, [field]: value }))}
              />
            </label>
          )
        })}
      </div>
      {error ? (
        <p class="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" class="button primary" disabled={disabled}>
        Send {type}
      </button>
    </form>
  )
}
