/** One tab of the picker: its emoji (space-separated); its name is a language file's `emoji`. */
export interface EmojiSet {
  emoji: string
}

// A compact curated set of common emoji (Unicode 11 or older: every current system
// font draws them), in the order people reach for them. No images, no network font.
export const EMOJI_SETS: readonly EmojiSet[] = [
  {
    emoji:
      '😀 😃 😄 😁 😆 😅 😂 🤣 😊 😇 🙂 🙃 😉 😌 😍 🥰 😘 😋 😛 😜 🤪 😎 🤩 🥳 🤗 🤔 🤨 😐 😑 😶 🙄 😏 😬 😮 😯 😲 😳 🥺 😢 😭 😤 😠 😡 🤯 😱 😨 😰 😥 😓 🤤 😴 🤒 🤧 🥶 🥵 😵 🤐 🤫',
  },
  {
    emoji: '👍 👎 👌 ✌️ 🤞 🤟 🤙 👋 👏 🙌 🙏 🤝 💪 👀 👈 👉 👆 👇 ✋ 🤚 🖐️ ✊ 👊 🤷 🤦 🙋 🙇 💁',
  },
  {
    emoji: '❤️ 🧡 💛 💚 💙 💜 🖤 💔 💕 💖 💯 ✅ ❌ ❗ ❓ ⭐ 🌟 ✨ 🔥 💥 🎉 🎊 🎁 🏆 🔔 💡 ⚠️ 🚫 ➡️ 🆗',
  },
  {
    emoji:
      '🐶 🐱 🦊 🐻 🐼 🐨 🦁 🐸 🐵 🐧 🐦 🦋 🌸 🌹 🌻 🌳 🍀 🌈 ☀️ ⛅ 🌧️ ❄️ 🍎 🍌 🍓 🍕 🍔 🍟 🍰 🎂 🍫 ☕ 🍵 🍺 🍷 🥂',
  },
  {
    emoji:
      '🚗 🚕 🚌 🚚 🚲 ✈️ 🚀 🚢 🏠 🏢 🏪 🗺️ ⏰ ⌛ 📅 📦 📱 💻 ⌨️ 🖨️ 📷 🔋 🔌 🔒 🔑 🛒 💳 💰 🧾 📝 📎 ✏️ 📧 📞 ⚽ 🎮 🎵 🎧',
  },
]
