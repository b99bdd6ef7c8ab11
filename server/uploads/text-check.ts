// Plain text has no signature: it is text when every byte decodes as UTF-8 and none
// is a control byte that text files do not contain (NUL, and C0 controls other than
// tab, line feed, form feed, carriage return and escape).

const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x1b])

/** Checks a stream chunk by chunk, keeping no more than one partial character. */
export class TextCheck {
  #decoder = new TextDecoder('utf-8', { fatal: true })
  #text = true

  /** Feeds the next chunk. */
  push(chunk: Uint8Array): void {
    if (!this.#text) return
    for (const byte of chunk) {
      if (byte < 0x20 && !ALLOWED_CONTROLS.has(byte)) {
        this.#text = false
        return
      }
    }
    try {
      this.#decoder.decode(chunk, { stream: true })
    } catch {
      this.#text = false
    }
  }

  /** True when everything fed is text (call once, after the last chunk). */
  end(): boolean {
    if (!this.#text) return false
    try {
      this.#decoder.decode()
      return true
    } catch {
      return false
    }
  }
}
