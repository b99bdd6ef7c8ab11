let counter = 0

/** An A3 body (spec 2.2); override any part. */
export function createAgentMessage(
  overrides: {
    recipientId?: string | number
    message?: Record<string, unknown>
    sender?: Record<string, unknown>
  } = {},
) {
  counter += 1
  return {
    sender: { name: 'Anna', photo: 'https://cdn.example/anna.png', ...overrides.sender },
    recipient: { id: overrides.recipientId ?? 'visitor-1' },
    message: {
      type: 'text',
      id: `msg-${Date.now().toString(36)}-${counter}`,
      text: 'How can I help?',
      ...overrides.message,
    },
  }
}
