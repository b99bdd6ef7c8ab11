import { useState } from 'preact/hooks'

/** The script tag a site owner pastes before </body>. */
export function scriptTag(publicUrl: string): string {
  return `<script src="${publicUrl.replace(/\/+$/, '')}/widget.js" async></script>`
}

/** The install card: the tag to copy, with a copy button. */
export function InstallCard({ publicUrl }: { publicUrl: string }) {
  const [copied, setCopied] = useState<string | undefined>()
  const tag = scriptTag(publicUrl)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(tag)
      setCopied('Copied.')
    } catch {
      setCopied('Copy is blocked here: select the tag and copy it by hand.')
    }
  }
  return (
    <section class="card" id="install" aria-labelledby="install-title">
      <h2 id="install-title">Install</h2>
      <p class="hint">Paste this tag into every page of your site, just before &lt;/body&gt;.</p>
      <pre class="code">
        <code>{tag}</code>
      </pre>
      <button type="button" onClick={copy}>
        Copy the tag
      </button>
      <span role="status" class="hint">
        {copied}
      </span>
    </section>
  )
}
