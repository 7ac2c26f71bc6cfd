import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { startServer, type ServerHandle } from './helpers/server.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/* Its own server: these tests delete visitor messages and change the editor's profile. */
let server: ServerHandle
let baseURL = ''
const open: Browser[] = []
beforeAll(async () => {
  // a new profile mobile needs a phone code: the development sender and the fixed test code
  server = await startServer({ SMS_SENDER: 'log', SMS_TEST_CODE: '246810' })
  baseURL = server.baseURL
})
afterAll(async () => {
  for (const b of open) await b.close()
  await server?.stop()
})

type Message = { Id: number; Name: string; Reply: string; RepliedBy: string }
const messages = async () =>
  (await staffApi<{ result: Message[] }>(baseURL, 'editor', 'Leaving/GetList', { pageSize: 100 }))
    .result
const leave = async (Name: string, Message: string) => {
  await fetch(`${baseURL}/api/PostData/PostFrontCommon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      postUrl: 'LeaveMessage',
      postData: { Name, Phone: '13800000000', Message },
    }),
  })
  return (await messages()).find((m) => m.Name === Name)!.Id
}

/** The editor's `User/Get` as the server has it. */
async function me() {
  const login = await fetch(`${baseURL}/api/User/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'editor', password: 'e2e-editor-pass' }),
  })
  const token = ((await login.json()) as { data: { Token: string } }).data.Token
  const res = await fetch(`${baseURL}/api/User/Get`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return ((await res.json()) as { data: Record<string, unknown> }).data
}

describe('visitor messages and the personal centre', () => {
  it('on a phone an editor writes a reply and deletes spam after the warm-tip confirmation', async () => {
    const spam = await leave('SEO Expert', 'Cheap backlinks!!! visit spam.example')
    const real = await leave('钱先生', '请报价 40Cr 齿轮毛坯 2000 件')
    const b = await openBrowser(phone)
    open.push(b)
    const { page } = b
    await signInAs(b, baseURL, '/admin/leaving', 'editor')
    const card = (id: number) => page.locator(`[data-testid="visitor-message"][data-id="${id}"]`)
    await card(real).waitFor()

    await card(real).getByTestId('visitor-reply-edit').tap()
    await card(real).getByRole('textbox').fill('已电话报价，等待回复')
    await card(real).getByTestId('visitor-reply-save').tap()
    await expect
      .poll(() => card(real).getByTestId('visitor-reply').textContent())
      .toContain('已电话报价，等待回复')
    expect((await messages()).find((m) => m.Id === real)).toMatchObject({
      Reply: '已电话报价，等待回复',
      RepliedBy: 'editor',
    })

    // cancel keeps it; OK deletes it
    await card(spam).getByTestId('visitor-message-delete').tap()
    const dialog = page.locator('.adm-dialog')
    await expect.poll(() => dialog.locator('.adm-dialog-title').textContent()).toBe('温馨提示')
    await dialog.getByRole('button', { name: '取消' }).tap()
    await expect.poll(() => dialog.count()).toBe(0)
    expect((await messages()).some((m) => m.Id === spam)).toBe(true)
    await card(spam).getByTestId('visitor-message-delete').tap()
    await dialog.getByRole('button', { name: '确定' }).tap()
    await expect.poll(() => card(spam).count()).toBe(0)
    expect((await messages()).some((m) => m.Id === spam)).toBe(false)
    expect((await messages()).some((m) => m.Id === real)).toBe(true)
  })

  it('on a desktop a user edits their own profile: bad input refused in English, good input saved', async () => {
    const b = await openBrowser(desktop)
    open.push(b)
    const { page } = b
    await signInAs(b, baseURL, '/setting/personalCenter', 'editor')
    const form = page.getByTestId('profile-form')
    // the page is up (and its session stored) before the reload: a reload in the same
    // instant as the sign-in may not see the new session cookie yet and land on /login
    await form.waitFor()
    await page.evaluate(() => localStorage.setItem('forgeline-lang', JSON.stringify('en')))
    await page.reload()
    await form.waitFor()
    const errorOf = (name: string) =>
      form.locator(`[data-field="${name}"] .grid-cell-error`).textContent()
    await form.locator('input[name="RealName"]').fill('')
    await form.locator('input[name="Mobile"]').fill('1391234')
    await form.locator('input[name="Email"]').fill('li@@example')
    await page.getByTestId('profile-save').click()
    await expect.poll(() => errorOf('RealName')).toBe('This field is required')
    expect(await errorOf('Mobile')).toBe('Please enter a correct phone number, digits only')
    expect(await errorOf('Email')).toBe('The e-mail format is incorrect')
    expect(await me()).toMatchObject({ RealName: '内容编辑', Mobile: '' })

    await form.locator('input[name="RealName"]').fill('李编辑')
    await form.locator('input[name="Mobile"]').fill('13912345678')
    await form.locator('input[name="Email"]').fill('li@forgeline.example.com')
    await form.locator('input[name="NickName"]').fill('小李')
    // the new number needs its code: without it the save is refused and the field says so
    await page.getByTestId('profile-save').click()
    await expect.poll(() => errorOf('SmsCode')).toBe('Please input the phone verification code')
    await form.getByTestId('sms-code-button').click()
    await expect.poll(() => form.getByTestId('sms-code-button').isDisabled()).toBe(true)
    await form.locator('input[name="SmsCode"]').fill('246810')
    await page.getByTestId('profile-save').click()
    await expect.poll(() => page.locator('#pc-profile-name').textContent()).toBe('李编辑')
    await page.reload()
    await form.waitFor()
    // the page may open on the offline copy saved before the save; the server's answer follows
    await expect.poll(() => form.locator('input[name="Mobile"]').inputValue()).toBe('13912345678')
    expect(await form.locator('input[name="NickName"]').inputValue()).toBe('小李')
    expect(await me()).toMatchObject({
      RealName: '李编辑',
      NickName: '小李',
      Mobile: '13912345678',
      Email: 'li@forgeline.example.com',
    })
  })
})
