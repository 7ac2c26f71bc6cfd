import fs from 'node:fs'
import sharp from 'sharp'
import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

/** SHOTS=dir keeps screenshots of the screens for a look (not needed by the assertions). */
const shot = async (page: Page, name: string) => {
  if (!process.env.SHOTS) return
  fs.mkdirSync(process.env.SHOTS, { recursive: true })
  await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: false })
}
const toast = (page: Page) => page.locator('.adm-toast-mask').textContent()
const noSideScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
const publicJson = async <T>(path: string) =>
  ((await (await fetch(`${baseURL}/api/${path}`)).json()) as { data: T }).data

describe('contact information (phone)', () => {
  it('a failing save lists every message in one toast; a valid phone shows in the footer and the contact page after a reload', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/admin/linkus', 'editor')
    const form = page.getByTestId('contact-form')
    await expect.poll(() => form.locator('input[name=Company]').inputValue()).not.toBe('')
    await noSideScroll(page, phone.width)
    await shot(page, 'contact-phone')
    const company = await form.locator('input[name=Company]').inputValue()

    await form.locator('input[name=Company]').fill('')
    await form.locator('input[name=Mail]').fill('not-a-mail')
    await form.getByTestId('contact-form-save').click()
    await expect.poll(() => toast(page)).toBe('请输入公司名称（中文）；邮箱格式不正确')
    expect(await form.getByRole('alert').allTextContents()).toEqual([
      '请输入公司名称（中文）',
      '邮箱格式不正确',
    ])

    const phoneNo = `0571-${String(Date.now()).slice(-8)}`
    await form.locator('input[name=Company]').fill(company)
    await form.locator('input[name=Mail]').fill('sales@forgeline.example')
    await form.locator('input[name=Phone]').fill(phoneNo)
    await form.getByTestId('contact-form-save').click()
    await expect.poll(() => toast(page)).toContain('保存成功')
    expect((await publicJson<{ Phone: string }>('Content/Contact')).Phone).toBe(phoneNo)

    await page.goto(`${baseURL}/contactus`)
    await page.reload()
    await expect.poll(() => page.locator('.contact-info').textContent()).toContain(phoneNo)
    expect(await page.locator('.site-footer').textContent()).toContain(phoneNo)
  })
})

describe('a visitor who saw the page before', () => {
  it('sees a contact change saved a moment ago on the next load (persisted query data and the worker do not keep the old copy)', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await page.goto(`${baseURL}/contactus`)
    const before = (await publicJson<{ Phone: string }>('Content/Contact')).Phone
    await expect.poll(() => page.locator('.contact-info').textContent()).toContain(before)
    // the worker controls the page from the next load; then the contact read is in its cache and in IndexedDB
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    await page.waitForLoadState('networkidle')
    await expect.poll(() => page.locator('.contact-info').textContent()).toContain(before)
    const phoneNo = `0519-${String(Date.now()).slice(-8)}`
    await staffApi(baseURL, 'editor', 'PostData/PostCommon', {
      postUrl: 'SaveContact',
      postData: { updateRecords: [{ Phone: phoneNo }] },
    })
    await page.reload()
    await expect.poll(() => page.locator('.contact-info').textContent()).toContain(phoneNo)
    expect(await page.locator('.site-footer').textContent()).toContain(phoneNo)
  })
})

describe('news (phone)', () => {
  it('an editor adds a news item in both languages with a picture; the public news page shows it after a reload, then it is removed', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/admin/news', 'editor')
    await expect.poll(() => page.getByTestId('admin-news').count()).toBeGreaterThan(0)
    await noSideScroll(page, phone.width)
    await shot(page, 'news-phone')
    const title = `E2E 新闻 ${Date.now()}`
    await page.getByTestId('news-add').click()
    const form = page.getByTestId('news-form')
    await form.getByTestId('news-form-save').click()
    await expect.poll(() => toast(page)).toBe('请输入标题（中文）；请输入正文（中文）')
    await form.locator('input[name=Title]').fill(title)
    await form.locator('textarea[name=Body]').fill('锻造车间新增一条生产线。')
    await expect.poll(() => form.locator('.form-flag').count()).toBe(2)
    await form.locator('input[name=TitleEn]').fill(`${title} EN`)
    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: '#35658f' },
    })
      .png()
      .toBuffer()
    await form
      .locator('[data-field=Image]')
      .getByTestId('photo-input')
      .setInputFiles({ name: 'news.png', mimeType: 'image/png', buffer: png })
    await expect.poll(() => form.locator('.photo-card img').count()).toBe(1)
    await shot(page, 'news-form-phone')
    await form.getByTestId('news-form-save').click()
    await expect.poll(() => toast(page)).toContain('保存成功')
    const row = page.locator('[data-testid="admin-news"]', { hasText: title })
    await expect.poll(() => row.count()).toBe(1)

    await page.goto(`${baseURL}/news`)
    await page.reload()
    await expect.poll(() => page.locator('.news-card-title', { hasText: title }).count()).toBe(1)

    const id = Number(
      await (async () => {
        const list = await staffApi<{ result: { Id: number; Title: string; Image: string }[] }>(
          baseURL,
          'editor',
          'News/GetAdminList',
          { keyword: title },
        )
        expect(list.result[0]?.Image).toMatch(/^\/uploads\//)
        return list.result[0]!.Id
      })(),
    )
    await page.goto(`${baseURL}/admin/news`)
    await page.locator(`[data-testid="admin-news"][data-id="${id}"]`).click()
    await page.getByTestId('news-form-remove').click()
    await page.locator('.adm-dialog').getByRole('button', { name: '确定' }).click()
    await expect
      .poll(() => page.locator(`[data-testid="admin-news"][data-id="${id}"]`).count())
      .toBe(0)
    expect(
      (
        await staffApi<{ result: unknown[] }>(baseURL, 'editor', 'News/GetAdminList', {
          keyword: title,
        })
      ).result,
    ).toHaveLength(0)
  })
})

describe('equipment, categories and about (desktop)', () => {
  it('an editor adds an equipment item that the public equipment page lists after a reload', async () => {
    b = await openBrowser(desktop)
    const { page } = b
    await signInAs(b, baseURL, '/admin/equipment', 'editor')
    await expect.poll(() => page.getByTestId('admin-equipment').count()).toBeGreaterThan(0)
    await shot(page, 'equipment-desktop')
    const name = `E2E 数控车床 ${Date.now()}`
    await page.getByTestId('equipment-add').click()
    const form = page.getByTestId('equipment-form')
    await form.locator('input[name=Name]').fill(name)
    await form.locator('input[name=NameEn]').fill('E2E CNC lathe')
    await form.locator('input[name=Quantity]').fill('4 台')
    expect(await form.locator('input[name=Quantity]').inputValue()).toBe('4')
    await shot(page, 'equipment-form-desktop')
    await form.getByTestId('equipment-form-save').click()
    await expect.poll(() => toast(page)).toContain('保存成功')
    await page.goto(`${baseURL}/equipment`)
    await page.reload()
    await expect.poll(() => page.locator('.equipment-list').textContent()).toContain(name)
  })

  it('categories: add one on the Categories tab, then filter products by it', async () => {
    b = await openBrowser(desktop)
    const { page } = b
    await signInAs(b, baseURL, '/admin/pro/promanage', 'editor')
    await page.getByTestId('tab-categories').click()
    await expect.poll(() => page.getByTestId('admin-category').count()).toBeGreaterThan(0)
    await shot(page, 'categories-desktop')
    const title = `E2E 分类 ${Date.now() % 100000}`
    await page.getByTestId('category-add').click()
    const form = page.getByTestId('category-form')
    await form.locator('input[name=Title]').fill(title)
    await form.getByTestId('category-form-save').click()
    await expect.poll(() => toast(page)).toContain('保存成功')
    await expect
      .poll(() =>
        page
          .locator('[data-testid="admin-category"]', { hasText: title })
          .locator('.content-flag')
          .count(),
      )
      .toBe(1)
    const categories = await publicJson<{ result: { Id: number; Title: string }[] }>(
      'CommonData/GetList?type=20&parentId=0',
    )
    const mine = categories.result.find((c) => c.Title === title)!
    expect(mine).toBeDefined()

    await page.getByTestId('tab-products').click()
    await expect.poll(() => page.getByTestId('admin-product').count()).toBeGreaterThan(0)
    await page.getByTestId('product-category-filter').selectOption(String(mine.Id))
    await expect.poll(() => page.getByTestId('admin-product').count()).toBe(0)
    const first = categories.result[0]!
    await page.getByTestId('product-category-filter').selectOption(String(first.Id))
    await expect.poll(() => page.getByTestId('admin-product').count()).toBeGreaterThan(0)
    const shown = await page.getByTestId('admin-product').allTextContents()
    expect(shown.every((s) => s.includes(first.Title))).toBe(true)
  })

  it('about us: the edited English title shows on the public page in English', async () => {
    b = await openBrowser(desktop)
    const { page } = b
    await signInAs(b, baseURL, '/admin/about', 'editor')
    const form = page.getByTestId('about-form')
    await expect.poll(() => form.locator('input[name=Title]').inputValue()).not.toBe('')
    await shot(page, 'about-desktop')
    const original = await form.locator('input[name=TitleEn]').inputValue()
    const title = `About Forgeline ${Date.now() % 100000}`
    await form.locator('input[name=TitleEn]').fill(title)
    await form.getByTestId('about-form-save').click()
    await expect.poll(() => toast(page)).toContain('保存成功')
    expect((await publicJson<{ TitleEn: string }>('Content/About')).TitleEn).toBe(title)
    await page.goto(`${baseURL}/aboutus`)
    await page.locator('.lang-switch').first().click()
    await page.reload()
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(title)
    // leave the seeded English title for the other suites
    await staffApi(baseURL, 'editor', 'PostData/PostCommon', {
      postUrl: 'SaveAbout',
      postData: { updateRecords: [{ TitleEn: original }] },
    })
  })
})

describe('WeChat users (desktop)', () => {
  it('an editor bans and unbans an identity; the admin binds and unbinds an account', async () => {
    b = await openBrowser(desktop)
    const { page } = b
    await signInAs(b, baseURL, '/admin/wxUserManagement', 'editor')
    const search = page.getByRole('searchbox')
    await search.fill('王访客')
    await search.press('Enter')
    const card = page.getByTestId('wechat-user').filter({ hasText: '王访客' })
    await expect.poll(() => card.count()).toBe(1)
    await shot(page, 'wechat-desktop')
    expect(await card.getByTestId('wechat-bind').count()).toBe(0)
    const server = async () =>
      (
        await staffApi<{
          result: { NickName: string; Ban: boolean; Accounts: { LoginName: string }[] }[]
        }>(baseURL, 'admin', 'WechatUser/GetAdminList', { keyword: '王访客' })
      ).result[0]!
    await card.getByTestId('wechat-ban').click()
    await expect.poll(async () => (await server()).Ban).toBe(true)
    await expect.poll(() => card.locator('.content-flag').textContent()).toBe('已禁用')
    await card.getByTestId('wechat-ban').click()
    await expect.poll(async () => (await server()).Ban).toBe(false)
    await b.close()

    b = await openBrowser(phone)
    await signInAs(b, baseURL, '/admin/wxUserManagement', 'admin')
    const p2 = b.page
    const card2 = p2.getByTestId('wechat-user').filter({ hasText: '王访客' })
    await expect.poll(() => card2.count()).toBe(1)
    await noSideScroll(p2, phone.width)
    await shot(p2, 'wechat-phone')
    await card2.locator('input[name=LoginName]').fill('staff')
    await card2.getByTestId('wechat-bind').click()
    await expect
      .poll(async () => (await server()).Accounts.map((a) => a.LoginName))
      .toEqual(['staff'])
    await card2.getByTestId('wechat-unbind').click()
    await expect.poll(async () => (await server()).Accounts).toEqual([])
  })
})
