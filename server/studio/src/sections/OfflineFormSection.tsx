import { useField, useProblemsUnder } from '../draft-context'
import { fieldId } from '../fields/Field'
import { LocalizedTextField } from '../fields/LocalizedTextField'
import { Section } from './Section'

const FIELDS = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['message', 'Message'],
] as const

const DEFAULTS: Record<string, { shown: boolean; required: boolean }> = {
  name: { shown: true, required: false },
  email: { shown: true, required: false },
  phone: { shown: true, required: false },
  message: { shown: true, required: true },
}

function FieldRow({ name, label }: { name: string; label: string }) {
  const path = `offlineForm.fields.${name}`
  const { value, set } = useField(path)
  const problems = useProblemsUnder(path)
  const current = {
    ...DEFAULTS[name],
    ...(typeof value === 'object' && value !== null ? value : {}),
  } as { shown: boolean; required: boolean }
  return (
    <tr class={problems.length ? 'has-error' : undefined}>
      <th scope="row">{label}</th>
      <td>
        <input
          type="checkbox"
          id={fieldId(`${path}.shown`)}
          aria-label={`Show ${label.toLowerCase()}`}
          checked={current.shown}
          onChange={(event) => {
            const shown = event.currentTarget.checked
            set({ shown, required: shown && current.required })
          }}
        />
      </td>
      <td>
        <input
          type="checkbox"
          id={fieldId(`${path}.required`)}
          aria-label={`${label} required`}
          checked={current.required}
          disabled={!current.shown}
          onChange={(event) => set({ ...current, required: event.currentTarget.checked })}
        />
        {problems.map((problem) => (
          <p class="field-error" key={problem.path + problem.message}>
            {problem.message}
          </p>
        ))}
      </td>
    </tr>
  )
}

/** The form shown while nobody is online (or outside business hours). */
export function OfflineFormSection() {
  return (
    <Section id="offline-form" title="Offline form" paths={['offlineForm']}>
      <LocalizedTextField
        path="offlineForm.intro"
        label="Intro"
        multiline
        hint="Above the form, e.g. “Leave us a message and we will answer by email.”"
      />
      <table class="hours">
        <caption>Fields</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Shown</th>
            <th scope="col">Required</th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.map(([name, label]) => (
            <FieldRow key={name} name={name} label={label} />
          ))}
        </tbody>
      </table>
    </Section>
  )
}
