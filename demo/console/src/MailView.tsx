import type { MailboxMessage } from '../../sandbox/mail/mailbox'

/**
 * One e-mail as its reader sees it: the HTML in a frame with no rights at all (no
 * scripts, no same origin), or the text; every header below, as sent.
 */
export function MailView({ message }: { message: MailboxMessage }) {
  return (
    <article class="mail-view" aria-label={message.subject || 'E-mail'}>
      <header class="mail-view-head">
        <h2>{message.subject || '(no subject)'}</h2>
        <dl>
          <dt>From</dt>
          <dd>{message.from}</dd>
          <dt>To</dt>
          <dd>{message.to}</dd>
          {message.replyTo ? (
            <>
              <dt>Reply-To</dt>
              <dd>
                <code>{message.replyTo}</code>
              </dd>
            </>
          ) : null}
        </dl>
      </header>
      {message.html ? (
        <iframe
          class="mail-body"
          title="The e-mail as its reader sees it"
          sandbox=""
          srcdoc={message.html}
        />
      ) : (
        <pre class="mail-body mail-text">{message.text}</pre>
      )}
      <details class="mail-headers">
        <summary>All headers ({message.headers.length})</summary>
        <table>
          <tbody>
            {message.headers.map((header, index) => (
              // Headers repeat (Received): the position is the identity; the list never changes.
              <tr key={index}>
                <th scope="row">{header.name}</th>
                <td>{header.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </article>
  )
}
