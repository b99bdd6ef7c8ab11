const LOC = /<loc>\s*([^<]{1,2048}?)\s*<\/loc>/gi
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** What a sitemap lists: pages (urlset) or further sitemaps (sitemapindex). */
export function readSitemap(xml: string): { kind: 'index' | 'pages'; urls: string[] } {
  const kind = /<sitemapindex[\s>]/i.test(xml) ? 'index' : 'pages'
  const urls: string[] = []
  for (const match of xml.matchAll(LOC)) {
    const url = (match[1] ?? '').replace(
      /&(amp|lt|gt|quot|apos);/g,
      (_, name: string) => ENTITIES[name] ?? '',
    )
    if (/^https?:\/\//i.test(url) && URL.canParse(url)) urls.push(url)
  }
  return { kind, urls }
}
