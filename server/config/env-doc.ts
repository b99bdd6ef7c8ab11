/** One environment variable as operators read it (server/config/env-docs.ts). */
export interface EnvDoc {
  /** What the variable does, in Markdown (one table cell: no line breaks, no `|`). */
  readonly meaning: string
  /** The value when it is unset, or `required`, in Markdown. */
  readonly default: string
}
