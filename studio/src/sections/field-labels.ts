// What the problem summary calls a setting, in the words of the form (the section and
// the field's label) rather than its path in the settings file. Settings without an
// entry are named by their path.

const LABELS: Record<string, string> = {
  'email.missedReplies': 'E-mail: e-mail visitors the replies they have not read',
  'email.afterSeconds': 'E-mail: send after (seconds unread)',
  'email.linkDays': 'E-mail: the link back works for (days)',
  'email.continueUrl': 'E-mail: continue the chat on',
  'email.rating': 'E-mail: rating asked at the end of a conversation',
  'email.ratingToAgents': 'E-mail: also send the visitor’s rating to the agents',
  'team.avatars': 'Team: team photos',
  'team.replyTime': 'Team: usual reply time',
}

/** The name of the setting at `path` for the problem summary (`email.afterSeconds` → its label). */
export function fieldLabel(path: string): string {
  return LABELS[path] ?? path
}
