// What an article may hold: the admin API's checks (shared/help/article.ts) and the studio's
// form (studio/src/articles/article-draft.ts) read these, so the two never disagree.

/** An article's id: a slug, kept for good. */
export const ARTICLE_ID = /^[a-z0-9][a-z0-9-]{0,99}$/
export const MAX_TITLE_LENGTH = 300
/** An article's body: at most this many bytes of UTF-8. */
export const MAX_ARTICLE_BYTES = 200 * 1024
export const MAX_CATEGORY_LENGTH = 100
export const MAX_KEYWORDS = 20
export const MAX_KEYWORD_LENGTH = 60
export const MAX_URL_LENGTH = 2048
/** Articles one store holds at most. */
export const MAX_ARTICLES = 50_000
