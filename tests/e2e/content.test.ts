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
