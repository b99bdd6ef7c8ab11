import type { Page } from 'playwright-core'
import type {
  ArticleResult,
  BlockNode,
  InlineNode,
  PublicArticle,
} from '../shared/help/article-tree'

// The help routes of the articles' HTTP contract (GET /api/help/search, /featured,
// /articles/:id, POST /api/help/events) answered in the page by Playwright, in front of
// the fake backend, for the Chromium tests and the screenshots: a small help centre in
// English, Arabic and Japanese.

const text = (value: string): InlineNode => ({ type: 'text', text: value })
const paragraph = (...children: (string | InlineNode)[]): BlockNode => ({
  type: 'paragraph',
  children: children.map((child) => (typeof child === 'string' ? text(child) : child)),
})
const heading = (value: string): BlockNode => ({
  type: 'heading',
  level: 2,
  children: [text(value)],
})
const list = (ordered: boolean, ...items: string[]): BlockNode => ({
  type: 'list',
  ordered,
  items: items.map((item) => [paragraph(item)]),
})

type Article = Omit<PublicArticle, 'url' | 'updatedAt'> & { snippet: string; words: RegExp }

function articles(origin: string): Article[] {
  return [
    {
      id: 'returns',
      language: 'en',
      title: 'Returning an order',
      snippet: 'You can return anything unworn within 30 days for a full refund.',
      words: /return|refund|send back/i,
      blocks: [
        paragraph(
          'You can return anything unworn within ',
          { type: 'strong', children: [text('30 days')] },
          ' for a full refund.',
        ),
        heading('How to return'),
        list(
          true,
          'Open your order in your account.',
          'Choose “Return items” and print the label.',
          'Drop the parcel at any post office.',
        ),
        {
          type: 'table',
          align: [null, 'right'],
          header: [[text('Where')], [text('Refund in')]],
          rows: [
            [[text('EU')], [text('3–5 days')]],
            [[text('UK and Norway')], [text('5–7 days')]],
          ],
        },

        paragraph({ type: 'image', src: `${origin}/media/photo.svg`, alt: 'The return label' }),
        paragraph(
          'Questions? See ',
          {
            type: 'link',
            href: 'https://example.com/returns',
            children: [text('our returns policy')],
          },
          '.',
        ),
      ],
    },
    {
      id: 'shipping-times',
      language: 'en',
      title: 'Shipping times and costs',
      snippet: 'Orders leave our warehouse within one working day.',
      words: /ship|deliver|arriv/i,
      blocks: [
        paragraph('Orders leave our warehouse within one working day.'),
        list(false, 'EU: 2–4 days', 'Rest of the world: 5–10 days'),
      ],
    },
    {
      id: 'sizes',
      language: 'en',
      title: 'Finding your size',
      snippet: 'Measure your chest and waist, then compare with the size table.',
      words: /size|fit/i,
      blocks: [paragraph('Measure your chest and waist, then compare with the size table.')],
    },
    {
      id: 'returns-ar',
      language: 'ar',
      title: 'إرجاع طلب',
      snippet: 'يمكنك إرجاع أي منتج غير مستخدم خلال 30 يومًا واسترداد المبلغ كاملًا.',
      words: /إرجاع|استرداد/,
      blocks: [
        paragraph('يمكنك إرجاع أي منتج غير مستخدم خلال 30 يومًا واسترداد المبلغ كاملًا.'),
        heading('طريقة الإرجاع'),
        list(
          true,
          'افتح طلبك في حسابك.',
          'اختر «إرجاع المنتجات» واطبع الملصق.',
          'سلّم الطرد في أي مكتب بريد.',
        ),
      ],
    },
    {
      id: 'shipping-ar',
      language: 'ar',
      title: 'مواعيد الشحن وتكاليفه',
      snippet: 'تغادر الطلبات مستودعنا خلال يوم عمل واحد.',
      words: /شحن|توصيل/,
      blocks: [paragraph('تغادر الطلبات مستودعنا خلال يوم عمل واحد.')],
    },
    {
      id: 'returns-ja',
      language: 'ja',
      title: 'ご注文の返品について',
      snippet: '未使用の商品は30日以内であれば全額返金で返品できます。',
      words: /返品|返金/,
      blocks: [
        paragraph('未使用の商品は30日以内であれば全額返金で返品できます。'),
        heading('返品の手順'),
        list(
          true,
          'アカウントでご注文を開きます。',
          '「返品する」を選び、ラベルを印刷します。',
          '郵便局に荷物をお持ちください。',
        ),
      ],
    },
    {
      id: 'shipping-ja',
      language: 'ja',
      title: '配送日数と送料',
      snippet: 'ご注文は1営業日以内に倉庫から発送されます。',
      words: /配送|発送|届/,
      blocks: [paragraph('ご注文は1営業日以内に倉庫から発送されます。')],
    },
  ]
}

/** Answers the page's help requests; returns the events the page posted. */
export async function routeHelp(page: Page, origin: string) {
  const all = articles(origin)
  const events: Record<string, unknown>[] = []
  const result = (article: Article): ArticleResult => ({
    id: article.id,
    title: article.title,
    snippet: article.snippet,
    url: `${origin}/help/${article.id}`,
  })
  const inLanguage = (lang: string | null) =>
    all.filter((article) => article.language === (lang ?? 'en'))
  await page.route('**/api/help/**', async (route) => {
    const request = route.request()
    const url = new URL(request.url())
    const json = (body: unknown, status = 200) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify(body),
      })
    if (request.method() === 'OPTIONS')
      return route.fulfill({
        status: 204,
        headers: {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'authorization, content-type',
        },
      })
    if (url.pathname.endsWith('/api/help/events')) {
      events.push(JSON.parse(request.postData() ?? '{}'))
      return route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*' } })
    }
    if (url.pathname.endsWith('/api/help/featured'))
      return json({ results: inLanguage(url.searchParams.get('lang')).map(result) })
    if (url.pathname.endsWith('/api/help/search')) {
      const q = url.searchParams.get('q') ?? ''
      const found = inLanguage(url.searchParams.get('lang')).filter((article) =>
        article.words.test(q),
      )
      const limit = Number(url.searchParams.get('limit') ?? 5)
      return json({ results: found.slice(0, limit).map(result), confident: found.length > 0 })
    }
    const id = decodeURIComponent(url.pathname.split('/api/help/articles/')[1] ?? '')
    const article = all.find((each) => each.id === id)
    if (!article)
      return json({ error: { code: 'article_not_found', message: 'No such article' } }, 404)
    const { snippet: _snippet, words: _words, ...rest } = article
    return json({ ...rest, url: `${origin}/help/${id}`, updatedAt: 1_764_000_000_000 })
  })
  return { events }
}
