import { z } from 'zod'

// Inbound mail services post the raw message in one of a few wrappings. Each is
// unwrapped here to the RFC 822 bytes; the body has been read within the size limit.

/** Where the raw message is in each wrapping. */
export const RAW_FIELDS = {
  /** SendGrid Inbound Parse with "POST the raw, full MIME message". */
  sendgrid: 'email',
  /** Mailgun routes forwarding to a URL ending in `mime`. */
  mailgun: 'body-mime',
  /** Postmark inbound with "Include raw email content in JSON payload". */
  postmark: 'RawEmail',
} as const

const PostmarkBody = z.object({ [RAW_FIELDS.postmark]: z.string().min(1) })

/**
 * The raw RFC 822 message in a request body: the body itself for `message/rfc822`
 * (or any type not listed below); the `email` (SendGrid) or `body-mime` (Mailgun)
 * field of a form (or, for a urlencoded body without them that starts with a header,
 * the body itself: curl's default type); the `RawEmail` field of JSON (Postmark). Undefined when a form or
 * JSON body carries no raw message (the service is set to post parsed fields only).
 *
 * @example await rawMessageOf('multipart/form-data; boundary=x', body) // the `email` field's bytes
 */
export async function rawMessageOf(
  contentType: string | undefined,
  body: Uint8Array,
): Promise<Uint8Array | undefined> {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const isUrlEncoded = type === 'application/x-www-form-urlencoded'
  if (type === 'multipart/form-data' || isUrlEncoded) {
    let form: FormData
    try {
      form = await new Response(Uint8Array.from(body), {
        headers: { 'content-type': contentType ?? '' },
      }).formData()
    } catch {
      return undefined
    }
    const field = form.get(RAW_FIELDS.sendgrid) ?? form.get(RAW_FIELDS.mailgun)
    // `curl --data-binary @message.eml` without -H sends the raw message as this type.
    if (field === null) return isUrlEncoded && looksLikeMessage(body) ? body : undefined
    return typeof field === 'string'
      ? Buffer.from(field, 'utf8')
      : new Uint8Array(await field.arrayBuffer())
  }
  if (type === 'application/json') {
    let json: unknown
    try {
      json = JSON.parse(new TextDecoder().decode(body))
    } catch {
      return undefined
    }
    const parsed = PostmarkBody.safeParse(json)
    return parsed.success ? Buffer.from(parsed.data.RawEmail, 'utf8') : undefined
  }
  return body
}

/** Starts with a header field ("Name: value"), as every message does and no form body would. */
function looksLikeMessage(body: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(body.subarray(0, 200))
  return /^[\x21-\x39\x3b-\x7e]+:[ \t]/.test(head)
}
