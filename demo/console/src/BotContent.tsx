import type { BotMessagePayload } from '../../../shared/protocol'

/** A bot message as the bot sent it: agents see MARKDOWN and BUTTONS even when the channel cannot. */
export function BotContent({ message }: { message: BotMessagePayload }) {
  if (message.type === 'TEXT') return <p class="text">{message.text}</p>
  if (message.type === 'MARKDOWN') {
    return (
      <div class="bot-rich">
        <span class="tag">Markdown</span>
        <pre class="markdown-source">{message.content}</pre>
      </div>
    )
  }
  return (
    <div class="bot-rich">
      <span class="tag">Buttons</span>
      {message.title ? <strong>{message.title}</strong> : null}
      <div class="bot-buttons">
        {message.buttons.map((button) => (
          <span key={button.id ?? button.text} class="bot-button">
            {button.text}
          </span>
        ))}
      </div>
    </div>
  )
}
