import sharp from 'sharp'
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs } from './helpers/staff.ts'

/**
 * Content management end to end, at 390x844 (touch) and 1280x800: an editor adds a product with two
 * uploaded pictures, three spec rows and English text in a new category, then deletes it; adds
 * a carousel slide with a new picture, then removes it. A visitor whose browser loaded the site
 * before (service worker installed, query cache persisted) sees each change after one reload.
 */
const baseURL = inject('baseURL')
const opened: Browser[] = []
afterEach(async () => {
  for (const b of opened.splice(0)) await b.close()
})

const open = async (viewport: typeof phone) => {
  const b = await openBrowser(viewport)
  opened.push(b)
  return b
}
const picture = (color: string) =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: color } })
    .png()
    .toBuffer()
const toast = (page: Page) => page.locator('.adm-toast-mask').textContent()
const api = async <T>(path: string) =>
  (await (await fetch(`${baseURL}/api/${path}`)).json()) as { code: number; data: T }

/** A visitor who has the site installed: worker controlling the page, public reads kept. */
async function installedVisitor(viewport: typeof phone) {
  const v = await open(viewport)
  await v.page.goto(`${baseURL}/index`)
  await v.page.evaluate(async () => void (await navigator.serviceWorker.ready))
  await v.page.reload()
  await expect
    .poll(() => v.page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
  await expect.poll(() => v.page.locator('.home-slide').count()).toBeGreaterThan(0)
  return v
}

for (const [label, viewport] of [
  ['phone', phone],
  ['desktop', desktop],
] as const) {
  describe(`content editor (${label} ${viewport.width}x${viewport.height})`, () => {
    it('adds a product with pictures, spec rows and English text in a new category, then deletes it', async () => {
      const stamp = `${label}-${Date.now().toString(36)}`
      const visitor = await installedVisitor(viewport)
      await visitor.page.goto(`${baseURL}/products`)
      await expect.poll(() => visitor.page.locator('.product-card').count()).toBeGreaterThan(0)

      const editor = await open(viewport)
      const { page } = editor
      await signInAs(editor, baseURL, '/admin/pro/promanage', 'editor')
      // a new category
      await page.getByTestId('tab-categories').click()
      await page.getByTestId('category-add').click()
      const catForm = page.getByTestId('category-form')
      await catForm.locator('input[name=Title]').fill(`新分类${stamp}`)
      await catForm.locator('input[name=TitleEn]').fill(`New category ${stamp}`)
      await catForm.getByTestId('category-form-save').click()
      await expect.poll(() => toast(page)).toContain('保存成功')
      const cats = await api<{ result: { Id: number; Title: string }[] }>('CommonData/GetList')
      const category = cats.data.result.find((c) => c.Title === `新分类${stamp}`)!
      expect(category).toBeDefined()

      // a product in it
      await page.getByTestId('tab-products').click()
      await page.getByTestId('product-add').click()
      const form = page.getByTestId('product-form')
      await expect
        .poll(() => form.locator('select[name=CategoryId] option').count())
        .toBeGreaterThan(1)
      await form.locator('select[name=CategoryId]').selectOption(String(category.Id))
      await form.locator('input[name=Title]').fill(`测试齿轮${stamp}`)
      await form.locator('input[name=TitleEn]').fill(`Test gear ${stamp}`)
      await form.locator('input[name=PartNo]').fill(`FL-E2E-${stamp}`)
      await form.locator('textarea[name=Body]').fill('第一段。\n\n## 工艺\n\n- 锻造\n- 机加工')
      await form
        .locator('textarea[name=BodyEn]')
        .fill('First paragraph.\n\n## Process\n\n- Forging\n- Machining')
      const specs = [
        ['材料', 'Material', '20CrMnTi', ''],
        ['热处理', 'Heat treatment', '渗碳淬火', 'Carburising and hardening'],
        ['模数', 'Module', '3.5', ''],
      ]
      for (const [i, row] of specs.entries()) {
        await form.getByTestId('rows-field-add').click()
        for (const [j, name] of ['Name', 'NameEn', 'Value', 'ValueEn'].entries())
          await form.locator(`input[name=${name}-${i}]`).fill(row[j]!)
      }
      // one picture per pick (SPEC §2: no multiple selection)
      expect(await form.getByTestId('photo-input').getAttribute('multiple')).toBeNull()
      await form
        .getByTestId('photo-input')
        .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await picture('#2f6f9f') })
      await expect.poll(() => form.locator('.photo-card img').count()).toBe(1)
      await form
        .getByTestId('photo-input')
        .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: await picture('#9f6f2f') })
      await expect.poll(() => form.locator('.photo-card img').count()).toBe(2)
      // the second picture becomes the cover
      const second = await form.locator('.photo-card img').nth(1).getAttribute('src')
      await form.getByTestId('photo-make-cover').click()
      expect(await form.locator('.photo-card img').first().getAttribute('src')).toBe(second)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      )
      await form.getByTestId('product-form-save').click()
      await expect.poll(() => toast(page)).toContain('保存成功')
      const listed = await api<{ result: { Id: number; Title: string }[] }>(
        `CommonData/GetProductList?sort=${category.Id}`,
      )
      expect(listed.data.result.map((p) => p.Title)).toEqual([`测试齿轮${stamp}`])
      const id = listed.data.result[0]!.Id

      // the visitor: one reload shows the new category, its product and the detail in both languages
      await visitor.page.reload()
      await expect.poll(() => visitor.page.getByText(`新分类${stamp}`).count()).toBeGreaterThan(0)
      await visitor.page.goto(`${baseURL}/products?sort=${category.Id}`)
      await expect
        .poll(() => visitor.page.locator('.product-card', { hasText: `测试齿轮${stamp}` }).count())
        .toBe(1)
      await visitor.page.goto(`${baseURL}/prodetail?id=${id}`)
      await expect
        .poll(() => visitor.page.locator('h1').first().textContent())
        .toBe(`测试齿轮${stamp}`)
      expect(await visitor.page.locator('.spec-table td').allTextContents()).toEqual([
        '20CrMnTi',
        '渗碳淬火',
        '3.5',
      ])
      expect(
        await visitor.page.locator('.product-gallery-item img').first().getAttribute('src'),
      ).toBe(second?.replace(/-sm(\.\w+)$/, '$1') ?? '')
      await visitor.page.locator('.lang-switch').first().click()
      await expect
        .poll(() => visitor.page.locator('h1').first().textContent())
        .toBe(`Test gear ${stamp}`)
      expect(await visitor.page.locator('.spec-table td').allTextContents()).toEqual([
        '20CrMnTi',
        'Carburising and hardening',
        '3.5',
      ])
      expect(await visitor.page.locator('.product-body h2').textContent()).toBe('Process')
      expect(await visitor.page.locator('.product-body li').allTextContents()).toEqual([
        'Forging',
        'Machining',
      ])
      // "ask for a quotation" carries the product into the message
      await visitor.page.getByTestId('ask-quotation').click()
      await expect
        .poll(() => visitor.page.locator('textarea[name=Message]').inputValue())
        .toContain(`Test gear ${stamp}, part number FL-E2E-${stamp}`)

      // the editor deletes it ("warm tip" confirmation); the visitor's page says not found after one reload
      await visitor.page.goto(`${baseURL}/prodetail?id=${id}`)
      await expect
        .poll(() => visitor.page.locator('h1').first().textContent())
        .toBe(`Test gear ${stamp}`)
      await page.getByTestId('product-category-filter').selectOption(String(category.Id))
      await page.locator(`[data-testid="admin-product"][data-id="${id}"]`).click()
      await page.getByTestId('product-form-remove').click()
      await expect.poll(() => page.locator('.adm-dialog-title').textContent()).toBe('温馨提示')
      await page.locator('.adm-dialog-button', { hasText: '确定' }).click()
      await expect.poll(() => toast(page)).toContain('已删除')
      expect((await api(`CommonData/Get?id=${id}`)).code).toBe(404)
      await visitor.page.reload()
      await expect.poll(() => visitor.page.getByTestId('product-not-found').count()).toBe(1)
      expect(await (await fetch(`${baseURL}/sitemap.xml`)).text()).not.toContain(
        `/prodetail?id=${id}<`,
      )
    })

    it('adds a carousel slide with a new picture, then removes it', async () => {
      const title = `E2E 幻灯片 ${label} ${Date.now().toString(36)}`
      const visitor = await installedVisitor(viewport)
      const editor = await open(viewport)
      const { page } = editor
      await signInAs(editor, baseURL, '/admin/lunbo', 'editor')
      await page.getByTestId('slide-add').click()
      const form = page.getByTestId('slide-form')
      await form.getByTestId('photo-input').setInputFiles({
        name: 'slide.png',
        mimeType: 'image/png',
        buffer: await picture('#3f8f4f'),
      })
      await expect.poll(() => form.locator('.photo-card img').count()).toBe(1)
      await form.locator('input[name=Title]').fill(title)
      await form.locator('input[name=Link]').fill('javascript:alert(1)')
      await form.getByTestId('slide-form-save').click()
      // refused by the server with its reason under the field; nothing stored
      await expect
        .poll(() => form.locator('[data-field=Link] [role=alert]').textContent())
        .toContain('链接')
      await form.locator('input[name=Link]').fill('/products')
      await form.getByTestId('slide-form-save').click()
      await expect.poll(() => toast(page)).toContain('保存成功')
      await expect
        .poll(() => page.locator('[data-testid="admin-slide"]', { hasText: title }).count())
        .toBe(1)

      await visitor.page.reload()
      await expect
        .poll(() => visitor.page.locator(`.home-slide[aria-label="${title}"]`).count())
        .toBe(1)

      await page.locator('[data-testid="admin-slide"]', { hasText: title }).click()
      await page.getByTestId('slide-form-remove').click()
      await page.locator('.adm-dialog-button', { hasText: '确定' }).click()
      await expect.poll(() => toast(page)).toContain('已删除')
      await expect
        .poll(() => page.locator('[data-testid="admin-slide"]', { hasText: title }).count())
        .toBe(0)

      await visitor.page.reload()
      await expect.poll(() => visitor.page.locator('.home-slide').count()).toBeGreaterThan(0)
      expect(await visitor.page.locator(`.home-slide[aria-label="${title}"]`).count()).toBe(0)
    })
  })
}

describe('unsaved edits (phone)', () => {
  it('closing the editor or leaving the screen with unsaved input asks first', async () => {
    const editor = await open(phone)
    const { page } = editor
    await signInAs(editor, baseURL, '/admin/pro/promanage', 'editor')
    await page.getByTestId('admin-product').first().click()
    const form = page.getByTestId('product-form')
    await form.locator('input[name=PartNo]').fill('UNSAVED-1')
    await page.getByTestId('product-form-close').click()
    await expect
      .poll(() => page.locator('.adm-dialog-content').textContent())
      .toContain('有内容尚未保存')
    await page.locator('.adm-dialog-button', { hasText: '取消' }).click()
    expect(await form.locator('input[name=PartNo]').inputValue()).toBe('UNSAVED-1')
    // reloading or closing the tab asks too (beforeunload); dismissed, the input stays
    const asked: string[] = []
    page.on('dialog', (d) => void (asked.push(d.type()), d.dismiss()))
    void page.evaluate(() => location.reload()).catch(() => {})
    await expect.poll(() => asked).toEqual(['beforeunload'])
    expect(await form.locator('input[name=PartNo]').inputValue()).toBe('UNSAVED-1')
    await page.getByTestId('product-form-close').click()
    await page.locator('.adm-dialog-button', { hasText: '确定' }).click()
    await expect.poll(() => form.count()).toBe(0)
  })
})
