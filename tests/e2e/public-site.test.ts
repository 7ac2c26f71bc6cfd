import { afterEach, describe, expect, inject, it } from 'vitest'
import { appStarted, desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'

const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

type Page<T> = { data: { result: T[]; total: number } }
const api = async <T>(path: string) => (await (await fetch(`${baseURL}/api/${path}`)).json()) as T

for (const [name, viewport] of [
  ['phone', phone],
  ['desktop', desktop],
] as const) {
  describe(`public pages at ${name} width`, () => {
    it('every public page renders its seeded content, in both languages', async () => {
      b = await openBrowser(viewport)
      const { page } = b
      const about = await api<{ data: { Title: string; TitleEn: string } }>('Content/About')
      await page.goto(`${baseURL}/aboutus`)
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(about.data.Title)
      // the app's switch saves the choice (the server's link only addresses the page)
      await appStarted(page)
      await page.locator('.lang-switch').first().click()
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(about.data.TitleEn)
      expect(await page.title()).toBe('About us - Forgeline Precision')
      expect(await page.locator('html').getAttribute('lang')).toBe('en')
      // the choice survives a reload
      await page.reload()
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(about.data.TitleEn)

      const equipment = await api<{ data: { NameEn: string }[] }>('Equipment/GetList')
      await page.goto(`${baseURL}/equipment`)
      await expect
        .poll(() => page.locator('.equipment-card h2').allTextContents())
        .toEqual(equipment.data.map((e) => e.NameEn))

      const news = await api<Page<{ Id: number; TitleEn: string }>>('News/GetList')
      await page.goto(`${baseURL}/news`)
      await expect.poll(() => page.locator('.news-card-title').count()).toBe(news.data.total)
      await appStarted(page)
      await page.locator('.news-card').first().click()
      await page.waitForURL(`**/news/detail?id=${news.data.result[0]!.Id}`)
      await expect.poll(() => page.locator('h1').textContent()).toBe(news.data.result[0]!.TitleEn)

      const contact = await api<{ data: { Phone: string; AddressEn: string } }>('Content/Contact')
      await page.goto(`${baseURL}/contactus`)
      await expect
        .poll(() => page.locator('.contact-info').textContent())
        .toContain(contact.data.AddressEn)
      expect(await page.locator('.site-footer').textContent()).toContain(contact.data.Phone)
    })

    it('the category filter shows exactly that category, and detail pages work', async () => {
      b = await openBrowser(viewport)
      const { page } = b
      const cats = await api<Page<{ Id: number; Title: string }>>('CommonData/GetList')
      const cat = cats.data.result[1]!
      const products = await api<Page<{ Id: number; Title: string }>>(
        `CommonData/GetProductList?sort=${cat.Id}&pageSize=100`,
      )
      await page.goto(`${baseURL}/products?sort=${cat.Id}`)
      await expect.poll(() => page.locator('h1').textContent()).toBe(cat.Title)
      await expect
        .poll(() =>
          page.locator('[data-testid=product-list] .product-card-title').allTextContents(),
        )
        .toEqual(products.data.result.map((p) => p.Title))
      await appStarted(page)
      await page.locator('[data-testid=product-list] .product-card').first().click()
      await page.waitForURL(`**/prodetail?id=${products.data.result[0]!.Id}`)
      await expect.poll(() => page.locator('h1').textContent()).toBe(products.data.result[0]!.Title)
      expect(await page.locator('.spec-table tr').count()).toBeGreaterThan(0)
      expect(await page.title()).toBe(`${products.data.result[0]!.Title} - 锻联精密`)
      // old links keep working
      await page.goto(`${baseURL}/products/products?sort=${cat.Id}`)
      await page.waitForURL(`**/products?sort=${cat.Id}`)
    })

    it('an unknown product shows a clear not-found message', async () => {
      b = await openBrowser(viewport)
      const { page } = b
      await page.goto(`${baseURL}/prodetail?id=987654`)
      await expect
        .poll(() => page.getByTestId('product-not-found').textContent())
        .toContain('未找到该产品')
      await page.goto(`${baseURL}/prodetail?id=abc`)
      await expect.poll(() => page.getByTestId('product-not-found').isVisible()).toBe(true)
    })
  })
}

/** Visitor messages as staff see them, through the staff API. */
async function staffMessages(): Promise<{ Name: string; Phone: string; Message: string }[]> {
  const login = (await (
    await fetch(`${baseURL}/api/User/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'editor', password: 'e2e-editor-pass' }),
    })
  ).json()) as { data: { Token: string } }
  const res = await fetch(`${baseURL}/api/Leaving/GetList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.Token}` },
    body: JSON.stringify({ pageSize: 1000 }),
  })
  return (
    (await res.json()) as { data: { result: { Name: string; Phone: string; Message: string }[] } }
  ).data.result
}

describe('leave a message', () => {
  it('stores a valid message, and an invalid one shows field errors and stores nothing', async () => {
    const before = (await staffMessages()).length
    b = await openBrowser(phone)
    const { page } = b
    await page.goto(`${baseURL}/contactus`)
    const form = page.locator('.leave-message-form')
    await form.locator('input[name=Name]').fill('测试访客')
    await form.locator('input[name=Phone]').fill('2345')
    await form.locator('input[name=Email]').fill('bad@')
    await form.locator('textarea[name=Message]').fill('需要报价')
    await form.getByRole('button', { name: '提交留言' }).click()
    await expect
      .poll(() => form.textContent())
      .toContain('请以 1（手机）、0（区号）或 +（国家代码）开头')
    expect(await form.textContent()).toContain('邮箱格式不正确')
    expect((await staffMessages()).length).toBe(before)

    await form.locator('input[name=Phone]').fill('13800001111')
    await form.locator('input[name=Email]').fill('visitor@example.com')
    await form.getByRole('button', { name: '提交留言' }).click()
    await expect.poll(() => form.locator('input[name=Name]').inputValue()).toBe('')
    const after = await staffMessages()
    expect(after.length).toBe(before + 1)
    expect(after[0]).toMatchObject({ Name: '测试访客', Phone: '13800001111', Message: '需要报价' })
  })
})

describe('product centre paging', () => {
  it('all products load page by page as the visitor scrolls', async () => {
    const all = (await (
      await fetch(`${baseURL}/api/CommonData/GetProductList?pageSize=1`)
    ).json()) as { data: { total: number } }
    expect(all.data.total).toBeGreaterThan(12)
    b = await openBrowser(phone)
    const { page } = b
    await page.goto(`${baseURL}/products`)
    await expect.poll(() => page.locator('[data-testid=product-list] li').count()).toBe(12)
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 4000)
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 4000)
        return page.locator('[data-testid=product-list] li').count()
      })
      .toBe(all.data.total)
    expect(await page.locator('.load-more').textContent()).toBe('没有更多了')
  })
})
