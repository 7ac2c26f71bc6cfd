import { fireEvent, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SupplierApplyForm } from '#client/features/site/components/supplier-apply-form'
import { apiBase } from '#client/lib/http'
import { i18n } from '@lingui/core'
import { activateLocale, type Locale } from '#client/lib/i18n'
import { errorOf, field, fill, labels, renderInProviders, toastText } from './auth-form-render.tsx'

/** The public supplier form on the form builder: fields, shared rules, region, payload. */
let sent: { body: unknown; key: string | null }[] = []
let answer: () => Response = () =>
  HttpResponse.json({ code: 200, msg: '提交成功', data: { Id: 7 } })
const server = setupServer(
  http.post(
    `${apiBase.replace(/\/[^/]*$/, '')}/FormZhengao/SupplierForm/Add`,
    async ({ request }) => {
      sent.push({ body: await request.json(), key: request.headers.get('idempotency-key') })
      return answer()
    },
  ),
)
/** A language with the supplier form's own catalog, as its page loads it (useLazyCatalog). */
const supplierCatalog = {
  zh: () => import('../../locales/zh/supplier.po'),
  en: () => import('../../locales/en/supplier.po'),
}
const activate = async (locale: Locale) => {
  await activateLocale(locale)
  i18n.load(locale, (await supplierCatalog[locale]()).messages as never)
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  await activate('zh')
  sent = []
  answer = () => HttpResponse.json({ code: 200, msg: '提交成功', data: { Id: 7 } })
})
afterEach(async () => {
  await activate('zh')
})
afterAll(() => server.close())

const renderForm = () => {
  const onSent = vi.fn()
  renderInProviders(<SupplierApplyForm onSent={onSent} />)
  return onSent
}
const submit = () => fireEvent.click(screen.getByTestId('supplier-apply-save'))
const chooseArea = async (province: string, city: string, district: string) => {
  for (const [label, name] of [
    ['省份', province],
    ['城市', city],
    ['区县', district],
  ] as const) {
    const select = await screen.findByRole('combobox', { name: label })
    await waitFor(() => expect(select.querySelector(`option[value]:not([value=""])`)).toBeTruthy())
    const option = [...select.querySelectorAll('option')].find((o) => o.textContent === name)!
    fireEvent.change(select, { target: { value: option.value } })
  }
}

describe('<SupplierApplyForm> on the form builder', () => {
  it('renders its fields with the required marks and the two section headings', async () => {
    await activate('en')
    renderForm()
    expect(labels()).toEqual([
      'Company*',
      'Contact person*',
      'Phone*',
      'E-mail',
      'Products or processes offered*',
      'Region*',
      'Street address',
      'Message',
    ])
    expect([...document.querySelectorAll('.form-heading')].map((h) => h.textContent)).toEqual([
      'Your company',
      'Address',
    ])
    expect(field('Products')!.tagName).toBe('TEXTAREA')
    expect(screen.getByTestId('supplier-apply-save').textContent).toBe('Send the supplier form')
  })

  for (const [locale, t] of [
    [
      'zh',
      {
        required: '此项为必填项',
        choose: '请选择',
        phone: '请以 1（手机）、0（区号）或 +（国家代码）开头',
        email: '邮箱格式不正确',
        toast: '请修正标记的字段',
      },
    ],
    [
      'en',
      {
        required: 'This field is required',
        choose: 'Please make a choice',
        phone: 'Start with 1 (mobile), 0 (area code) or + (country code)',
        email: 'The e-mail format is incorrect',
        toast: 'Please correct the marked fields',
      },
    ],
  ] as const) {
    it(`refuses empty and bad input with the shared rules' texts (${locale}) and sends nothing`, async () => {
      await activate(locale)
      const onSent = renderForm()
      submit()
      await waitFor(() => expect(errorOf('Company')).toBe(t.required))
      expect(errorOf('Contact')).toBe(t.required)
      expect(errorOf('Phone')).toBe(t.required)
      expect(errorOf('Products')).toBe(t.required)
      expect(errorOf('Area')).toBe(t.choose)
      expect(errorOf('Email')).toBe('')
      await waitFor(() => expect(toastText()).toBe(t.toast))
      await waitFor(() => expect(document.activeElement).toBe(field('Company')))
      fill({ Company: 'Acme', Phone: '23800138000', Email: 'chen@' })
      submit()
      await waitFor(() => expect(errorOf('Phone')).toBe(t.phone))
      expect(errorOf('Email')).toBe(t.email)
      expect(errorOf('Company')).toBe('')
      await waitFor(() => expect(document.activeElement).toBe(field('Contact')))
      expect(sent).toEqual([])
      expect(onSent).not.toHaveBeenCalled()
    })
  }

  it('sends the fields with the region codes and one key per set of values, then says thanks', async () => {
    await activate('zh')
    const onSent = renderForm()
    fill({
      Company: '无锡精工锻压',
      Contact: '钱工',
      Phone: '13915210488',
      Products: '热模锻件',
      Address: '临港街道 88 号',
    })
    await chooseArea('江苏省', '无锡市', '江阴市')
    answer = () => HttpResponse.error()
    submit()
    await waitFor(() => expect(toastText()).toBe('您当前处于离线状态，请恢复网络后再提交'))
    answer = () => HttpResponse.json({ code: 200, msg: '提交成功', data: { Id: 7 } })
    submit()
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1))
    expect(onSent).toHaveBeenCalledWith({
      Company: '无锡精工锻压',
      Contact: '钱工',
      Phone: '13915210488',
      msg: '提交成功',
    })
    expect(sent).toHaveLength(2)
    expect(sent[1]!.body).toEqual({
      Company: '无锡精工锻压',
      Contact: '钱工',
      Phone: '13915210488',
      Email: '',
      Products: '热模锻件',
      Area: ['320000', '320200', '320281'],
      Address: '临港街道 88 号',
      Message: '',
    })
    // the repeat after a lost answer carries the same key
    expect(sent[1]!.key).toBeTruthy()
    expect(sent[1]!.key).toBe(sent[0]!.key)
  })

  it("puts the server's field errors under their fields", async () => {
    // the server answers in its caller's language; an English text tells it from the page's own
    answer = () =>
      HttpResponse.json(
        { code: 400, msg: 'Bad request', data: null, errors: { Area: 'Please make a choice' } },
        { status: 400 },
      )
    const onSent = renderForm()
    fill({ Company: 'Acme', Contact: 'Li', Phone: '13800138000', Products: 'bar' })
    await chooseArea('江苏省', '无锡市', '江阴市')
    submit()
    await waitFor(() => expect(errorOf('Area')).toBe('Please make a choice'))
    expect(onSent).not.toHaveBeenCalled()
  })
})
