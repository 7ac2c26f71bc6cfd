import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appStarted, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { startServer, type ServerHandle } from './helpers/server.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/*
 * Its own server: the public form is limited to 5 sends per address in 10 minutes, and the
 * shared e2e server's address is the same for every test file.
 */
let server: ServerHandle
let baseURL = ''
const open: Browser[] = []
beforeAll(async () => {
  server = await startServer()
  baseURL = server.baseURL
})
afterAll(async () => {
  for (const b of open) await b.close()
  await server?.stop()
})

type FormRow = {
  Id: number
  Company: string
  Contact: string
  Phone: string
  Address: string
  Products: string
}
const forms = async () =>
  (
    await staffApi<{ result: FormRow[]; total: number }>(baseURL, 'staff', 'SupplierForm/GetList', {
      pageSize: 100,
    })
  ).result

async function phoneIn(lang: 'zh' | 'en') {
  const b = await openBrowser(phone, lang === 'zh' ? 'zh-CN' : 'en-GB')
  open.push(b)
  await b.context.addInitScript(
    (l) => localStorage.setItem('forgeline-lang', JSON.stringify(l)),
    lang,
  )
  const sent: string[] = []
  b.page.on('request', (r) => {
    if (r.url().includes('/FormZhengao/SupplierForm/Add')) sent.push(r.method())
  })
  return { ...b, sent }
}
/** The message under a field of the form ('' when none). */
const errorOf = async (b: Browser, name: string) => {
  const error = b.page.locator(`.supplier-apply-form [data-field="${name}"] .grid-cell-error`)
  return (await error.count()) === 0 ? '' : await error.textContent()
}

describe('public supplier form on a phone', () => {
  it('refuses bad input field by field in Chinese and sends nothing', async () => {
    const before = (await forms()).length
    const b = await phoneIn('zh')
    const { page } = b
    await page.goto(`${baseURL}/contactus`)
    // the app's link (the server's carries ?lang=)
    await appStarted(page)
    await page.getByRole('link', { name: '希望成为我们的供应商？请填写供应商申请' }).tap()
    await page.waitForURL('**/supplier-apply')
    await expect.poll(() => page.locator('h1').textContent()).toBe('供应商申请')
    expect(await page.locator('.site-footer a[href="/supplier-apply"]').textContent()).toBe(
      '供应商合作申请',
    )

    await page.getByTestId('supplier-apply-save').tap()
    await expect.poll(() => errorOf(b, 'Company')).toBe('此项为必填项')
    expect(await errorOf(b, 'Contact')).toBe('此项为必填项')
    expect(await errorOf(b, 'Phone')).toBe('此项为必填项')
    expect(await errorOf(b, 'Products')).toBe('此项为必填项')
    expect(await errorOf(b, 'Area')).toBe('请选择')

    await page.locator('input[name="Phone"]').fill('23800138000')
    await page.locator('input[name="Email"]').fill('chen@')
    await page.getByTestId('supplier-apply-save').tap()
    await expect
      .poll(() => errorOf(b, 'Phone'))
      .toBe('请以 1（手机）、0（区号）或 +（国家代码）开头')
    expect(await errorOf(b, 'Email')).toBe('邮箱格式不正确')
    // a province alone is not a region
    await page.locator('select[aria-label="省份"]').selectOption({ label: '广东省' })
    await page.getByTestId('supplier-apply-save').tap()
    await expect.poll(() => errorOf(b, 'Area')).toBe('请选择')
    expect(b.sent).toEqual([])
    expect((await forms()).length).toBe(before)
  })

  it('refuses bad input in English, on the page and on the server, and stores nothing', async () => {
    const before = (await forms()).length
    const b = await phoneIn('en')
    const { page } = b
    await page.goto(`${baseURL}/supplier-apply`)
    await expect.poll(() => page.locator('h1').textContent()).toBe('Become a supplier')
    await page.locator('input[name="Company"]').fill('Acme Forging')
    await page.locator('input[name="Phone"]').fill('1380013')
    await page.getByTestId('supplier-apply-save').tap()
    await expect
      .poll(() => errorOf(b, 'Phone'))
      .toBe('A Chinese mobile number has 11 digits starting with 1')
    expect(await errorOf(b, 'Contact')).toBe('This field is required')
    expect(await errorOf(b, 'Area')).toBe('Please make a choice')
    expect(b.sent).toEqual([])
    // what a hand-made request gets: the same rules on the server, in the caller's language
    const answer = await page.evaluate(async () => {
      const res = await fetch('/FormZhengao/SupplierForm/Add', {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en' },
        body: JSON.stringify({
          Company: 'Acme',
          Contact: 'Li',
          Phone: '13800138000',
          Products: 'bar',
          Area: ['990000', '990100', '990101'],
        }),
      })
      return { status: res.status, body: (await res.json()) as { errors: Record<string, string> } }
    })
    expect(answer).toEqual({
      status: 400,
      body: expect.objectContaining({ errors: { Area: 'Please make a choice' } }),
    })
    expect((await forms()).length).toBe(before)
  })

  it('a supplier sends the form on a phone; staff see it on /supplier/forms and get the notice', async () => {
    const company = `无锡精工锻压有限公司${Date.now() % 100000}`
    const b = await phoneIn('zh')
    const { page } = b
    await page.goto(`${baseURL}/supplier-apply`)
    await page.locator('input[name="Company"]').fill(company)
    await page.locator('input[name="Contact"]').fill('钱工')
    await page.locator('input[name="Phone"]').fill('13915210488')
    await page.locator('input[name="Email"]').fill('qian@example.com')
    await page.locator('textarea[name="Products"]').fill('热模锻件、调质处理')
    await page.locator('select[aria-label="省份"]').selectOption({ label: '江苏省' })
    await page.locator('select[aria-label="城市"]').selectOption({ label: '无锡市' })
    await page.locator('select[aria-label="区县"]').selectOption({ label: '江阴市' })
    await page.locator('input[name="Address"]').fill('临港街道 88 号')
    await page.getByTestId('supplier-apply-save').tap()
    const thanks = page.getByTestId('supplier-apply-thanks')
    await thanks.waitFor()
    expect(await thanks.textContent()).toContain('谢谢，您的供应商申请已提交')
    expect(await thanks.textContent()).toContain('钱工（13915210488）')
    // the long form was replaced: the thank-you is in view, not above it
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    expect(b.sent).toEqual(['POST'])

    const row = (await forms()).find((f) => f.Company === company)
    expect(row).toMatchObject({
      Contact: '钱工',
      Phone: '13915210488',
      Address: '江苏省 无锡市 江阴市 临港街道 88 号',
      Products: '热模锻件、调质处理',
    })

    const staff = await openBrowser(phone)
    open.push(staff)
    await signInAs(staff, baseURL, '/supplier/forms', 'staff')
    await expect.poll(() => staff.page.getByText(company).count()).toBeGreaterThan(0)
    const notices = await staffApi<{
      result: { Msg: string; CreateType: number; OrderId: number }[]
    }>(baseURL, 'staff', 'Notice/GetList', { pageSize: 100, isAll: true })
    expect(notices.result).toContainEqual(
      expect.objectContaining({
        CreateType: 4,
        OrderId: row!.Id,
        Msg: `新的供应商申请：${company}（钱工）`,
      }),
    )
    await staff.page.goto(`${baseURL}/workbench`)
    await expect
      .poll(() => staff.page.getByText(`新的供应商申请：${company}（钱工）`).count())
      .toBeGreaterThan(0)
  })
})
