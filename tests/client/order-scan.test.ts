import { i18n } from '@lingui/core'
import { afterEach, describe, expect, it } from 'vitest'
import { orderLink, readOrderLink } from '#client/features/orders/sheet/order-link'
import { readScan } from '#client/features/orders/sheet/read-scan'
import { activateLocale } from '#client/lib/i18n'

const origin = 'https://erp.example.com'

/** The refusal a scanned text gets, in a language (with the sheet catalog, as the Scan dialog loads it). */
async function refusal(text: string, locale: 'zh' | 'en', base = '/') {
  await activateLocale(locale)
  const { messages } =
    locale === 'zh'
      ? await import('../../locales/zh/sheet.po')
      : await import('../../locales/en/sheet.po')
  i18n.load(locale, messages)
  const outcome = readScan(text, origin, base)
  return 'refused' in outcome ? i18n._(outcome.refused) : undefined
}

afterEach(async () => {
  await activateLocale('zh')
})

describe('scanned QR codes', () => {
  it('an order link printed on a sheet opens that order, under BASE_PATH too, and an old #/ link', () => {
    for (const base of ['/', '/Nst/']) {
      const link = orderLink({ id: 17, orderNo: 'SO 2026/7&x' }, origin, base)
      expect(link).toBe(`${origin}${base}order/order?id=17&orderId=SO+2026%2F7%26x`)
      expect(readScan(link, origin, base)).toEqual({ order: { id: 17, orderNo: 'SO 2026/7&x' } })
    }
    expect(readOrderLink(`${origin}/Nst/#/order/order?id=5&orderId=A1`, origin, '/Nst/')).toEqual({
      id: 5,
      orderNo: 'A1',
    })
  })

  it('a QR code that is not one of ours is refused with the message, in zh and en', async () => {
    const foreign = [
      'https://evil.example.com/order/order?id=3', // another site
      `${origin}/news/detail?id=3`, // another page of ours
      `${origin}/Nst/order/order?id=3`, // outside our BASE_PATH
      `${origin}/order/order?id=0`, // no order
      `${origin}/order/order`,
      'WIFI:S:factory;T:WPA;P:secret;;', // plain text
    ]
    for (const text of foreign) {
      expect(await refusal(text, 'en')).toBe(
        `This QR code is not one of our order sheets (it holds "${text}"). Scan the code printed on an order sheet, or type the order number.`,
      )
      expect(await refusal(text, 'zh')).toBe(
        `此二维码不是本系统的订单单据（内容为“${text}”）。请扫描订单单据上印的二维码，或输入订单号。`,
      )
    }
    // a long text is cut in the message
    expect(await refusal(`x${'y'.repeat(200)}`, 'en')).toContain(`"x${'y'.repeat(79)}…"`)
  })
})
