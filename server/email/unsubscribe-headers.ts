/**
 * The headers of every e-mail to a visitor: RFC 8058 one-click unsubscribe (mail clients
 * show an "Unsubscribe" button) and RFC 3834's `Auto-Submitted`, so vacation
 * auto-replies stay away from a notification.
 */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'Auto-Submitted': 'auto-generated',
  }
}
