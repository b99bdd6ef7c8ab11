// How well masking (shared/privacy/mask-secrets.ts) does on the fixtures of
// tests/fixtures/privacy/: every card brand's test numbers and IBANs of 66 countries,
// each written in several ways inside a sentence, must all be hidden; of 10,000 ordinary
// support messages with numbers in them, at most 0.1 % may change.
//
//   npx tsx scripts/mask-eval.ts          prints the two shares and the changed messages
//   npx tsx scripts/mask-eval.ts --json   the same as JSON

import { readFileSync } from 'node:fs'
import { ordinaryMessages } from '../kit/ordinary-messages'
import { maskSecrets } from '../shared/privacy/mask-secrets'

/** The targets: every secret hidden, at most this share of ordinary messages changed. */
export const SECRETS_MASKED_TARGET = 1
export const ORDINARY_CHANGED_TARGET = 0.001

const fixture = (name: string) =>
  readFileSync(new URL(`../tests/fixtures/privacy/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))

const inFours = (value: string, separator: string) =>
  value.replace(/(.{4})(?=.)/g, `$1${separator}`)

/** Each secret in the ways visitors write it, inside a sentence, with its bare characters. */
function secretMessages(): { message: string; secret: string }[] {
  const cards = fixture('card-numbers.txt').map((line) => line.split(' ')[1] ?? '')
  const ibans = fixture('ibans.txt').map((line) => line.replaceAll(' ', ''))
  const written = (value: string) => [value, inFours(value, ' '), inFours(value, '-')]
  const sentences = [
    (value: string) => `Here it is: ${value}`,
    (value: string) => `${value} is the one I used, can you check?`,
    (value: string) => `number ${value}. thanks`,
  ]
  return [...cards, ...ibans].flatMap((secret) =>
    written(secret).flatMap((value) =>
      sentences.map((sentence) => ({ message: sentence(value), secret })),
    ),
  )
}

export type MaskEval = {
  secrets: number
  secretsMasked: number
  ordinary: number
  ordinaryChanged: number
  /** The ordinary messages masking changed, for a look. */
  changed: string[]
}

/** Runs masking over both fixtures. */
export function evaluateMasking(): MaskEval {
  const secrets = secretMessages()
  const secretsMasked = secrets.filter(({ message, secret }) => {
    const masked = maskSecrets(message).text
    // Hidden: no run of the secret's first twelve characters is left.
    return !masked.replace(/[ -]/g, '').includes(secret.slice(0, 12))
  }).length
  const ordinary = ordinaryMessages()
  const changed = ordinary.filter((message) => maskSecrets(message).text !== message)
  return {
    secrets: secrets.length,
    secretsMasked,
    ordinary: ordinary.length,
    ordinaryChanged: changed.length,
    changed,
  }
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(2)} %`

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = evaluateMasking()
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2))
  else {
    console.log(
      `secrets masked: ${result.secretsMasked} of ${result.secrets} (${percent(result.secretsMasked, result.secrets)}; target 100 %)`,
    )
    console.log(
      `ordinary messages changed: ${result.ordinaryChanged} of ${result.ordinary} (${percent(result.ordinaryChanged, result.ordinary)}; target at most 0.1 %)`,
    )
    for (const message of result.changed) console.log(`  changed: ${message}`)
  }
  const met =
    result.secretsMasked / result.secrets >= SECRETS_MASKED_TARGET &&
    result.ordinaryChanged / result.ordinary <= ORDINARY_CHANGED_TARGET
  process.exitCode = met ? 0 : 1
}
