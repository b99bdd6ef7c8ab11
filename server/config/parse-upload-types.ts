import { UPLOAD_TYPE_NAMES, type UploadTypeName } from '../../shared/upload-types'
import { ConfigError } from './errors'

const SPELLINGS: Record<string, UploadTypeName> = { jpg: 'jpeg' }

function isTypeName(value: string): value is UploadTypeName {
  return UPLOAD_TYPE_NAMES.some((name) => name === value)
}

/** Parses UPLOAD_TYPES (comma-separated type names, e.g. `png,jpeg,pdf`); a ConfigError names a bad entry. */
export function parseUploadTypes(value: string): UploadTypeName[] {
  const types: UploadTypeName[] = []
  for (const item of value.split(',')) {
    const word = item.trim().toLowerCase().replace(/^\./, '')
    if (word === '') continue
    const name = SPELLINGS[word] ?? word
    if (!isTypeName(name)) {
      throw new ConfigError([
        {
          variable: 'UPLOAD_TYPES',
          problem: `"${item.trim()}" is not a type Porthole accepts: list some of ${UPLOAD_TYPE_NAMES.join(', ')}`,
        },
      ])
    }
    if (!types.includes(name)) types.push(name)
  }
  if (types.length === 0) {
    throw new ConfigError([
      {
        variable: 'UPLOAD_TYPES',
        problem: `must list at least one of ${UPLOAD_TYPE_NAMES.join(', ')} (unset it for all of them)`,
      },
    ])
  }
  return types
}
