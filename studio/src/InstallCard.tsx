import { useState } from 'preact/hooks'
import { embedSnippet, scriptTag } from '../../shared/embed-code'

/** One form of the embed code, with its copy button. */
function CodeToCopy({ id, label, code }: { id: string; label: string; code: string }) {
  const [copied, setCopied] = useState<string | undefined>()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code)
      setCopied('Copied.')
    } catch {
      setCopied('Copy is blocked here: select the code and copy it by hand.')
    }
  }
  return (
    <>
      <pre class="code" id={id}>
        <code>{code}</code>
      </pre>
      <button type="button" onClick={copy}>
        {label}
      </button>
      <span role="status" class="hint">
        {copied}
      </span>
    </>
  )
}

/**
 * The install card: the recommended embed (widget.js added after the page's load, so it
 * costs the page's Largest Contentful Paint nothing) and the plain tag for sites whose
 * Content-Security-Policy refuses inline scripts (shared/embed-code.ts).
 */
export function InstallCard({ publicUrl }: { publicUrl: string }) {
  return (
    <section class="card" id="install" aria-labelledby="install-title">
      <h2 id="install-title">Install</h2>
      <p class="hint">
        Paste this into every page of your site, just before &lt;/body&gt;. It loads the widget once
        the page has loaded, so the chat never slows your page down.
      </p>
      <CodeToCopy id="install-snippet" label="Copy the code" code={embedSnippet(publicUrl)} />
      <p class="hint">
        If your site's Content-Security-Policy refuses inline scripts, paste this tag instead:
      </p>
      <CodeToCopy id="install-tag" label="Copy the tag" code={scriptTag(publicUrl)} />
    </section>
  )
}
