import { afterEach, describe, expect, inject, it } from 'vitest'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs } from './helpers/staff.ts'

const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

/** One visitor message as the server has it (editor API token). */
async function serverMessage(id: number) {
  const login = await fetch(`${baseURL}/api/User/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'editor', password: 'e2e-editor-pass' }),
  })
  const token = ((await login.json()) as { data: { Token: string } }).data.Token
  const res = await fetch(`${baseURL}/api/Leaving/GetList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ pageSize: 1000 }),
  })
  return ((await res.json()) as { data: { result: { Id: number; Handled: boolean }[] } }).data.result.find((m) => m.Id === id)
}

describe('visitor messages (phone)', () => {
  it('an editor marks an open message handled; it leaves the open list and the server has it handled', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/admin/leaving', 'editor')
    const cards = page.getByTestId('visitor-message')
    await expect.poll(() => cards.count()).toBeGreaterThan(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    const first = cards.first()
    const id = Number(await first.getAttribute('data-id'))
    expect((await serverMessage(id))?.Handled).toBe(false)
    await first.getByTestId('visitor-message-toggle').click()
    await expect.poll(async () => (await serverMessage(id))?.Handled).toBe(true)
    await expect.poll(() => page.locator(`[data-testid="visitor-message"][data-id="${id}"]`).count()).toBe(0)
    await page.getByRole('button', { name: '已处理', exact: true }).click()
    await expect.poll(() => page.locator(`[data-testid="visitor-message"][data-id="${id}"]`).count()).toBe(1)
  })
})

describe('carousel (phone)', () => {
  it('moving a slide up and saving changes the order of the home carousel', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/admin/lunbo', 'editor')
    const slides = page.getByTestId('slide')
    await expect.poll(() => slides.count()).toBeGreaterThan(1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    const titles = async () => Promise.all((await slides.all()).map((s) => s.locator('input[name=Title]').inputValue()))
    const before = await titles()
    await slides.nth(1).getByTestId('slide-up').click()
    expect(await titles()).toEqual([before[1], before[0], ...before.slice(2)])
    await page.getByTestId('slides-save').click()
    await expect.poll(() => page.locator('.adm-toast-mask').textContent()).toContain('保存成功')

    await page.goto(`${baseURL}/index`)
    const homeSlides = page.locator('.home-slide')
    await expect.poll(() => homeSlides.count()).toBeGreaterThan(1)
    await expect.poll(() => homeSlides.first().getAttribute('aria-label')).toBe(before[1])
    expect(await homeSlides.nth(1).getAttribute('aria-label')).toBe(before[0])
    // and for a visitor who never saw the old order
    const visitor = await openBrowser(phone)
    try {
      await visitor.page.goto(`${baseURL}/index`)
      await expect.poll(() => visitor.page.locator('.home-slide').first().getAttribute('aria-label')).toBe(before[1])
    } finally {
      await visitor.close()
    }
  })
})
