#!/usr/bin/env bash
# Regenerates porthole-chat/languages/porthole-chat.pot from the plugin's PHP (needs gettext's
# xgettext: apt-get install -y gettext). The header above the first string is kept.
set -euo pipefail
cd "$(dirname "$0")/porthole-chat"
pot=languages/porthole-chat.pot
body=$(mktemp)
xgettext --language=PHP --from-code=UTF-8 --add-comments=translators: \
  --keyword=__ --keyword=_e --keyword=esc_html__ --keyword=esc_html_e --keyword=esc_attr__ --keyword=esc_attr_e \
  --sort-by-file --no-wrap --omit-header -o "$body" porthole-chat.php includes/*.php
{ sed -n '1,/^$/p' "$pot"; cat "$body"; } > "$pot.new"
mv "$pot.new" "$pot"
rm -f "$body"
echo "make-pot: $pot"
