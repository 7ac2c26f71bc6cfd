import { describe, expect, it } from 'vitest'
import { checkRule, optionalRule, requiredRule, type RuleName } from '#shared/contract/validators'
import { ruleMessage } from '#server/i18n'

const cases: Record<RuleName, { good: string[]; bad: string[]; zh: string; en: string }> = {
  phone: {
    good: ['13800138000'],
    bad: ['23800138000', '1380013800', '138-0013-8000'],
    zh: '请输入正确的手机号码，只能是数字',
    en: 'Please enter a correct phone number, digits only',
  },
  email: {
    good: ['a.b@example.com'],
    bad: ['a@', 'a b@x.com', 'x@y'],
    zh: '邮箱格式不正确',
    en: 'The e-mail format is incorrect',
  },
  idCard: {
    good: ['110105194912310021', '11010519491231002X', '11010519491231002x', '110105491231002'],
    bad: ['1101051949123100', '11010519491231002Y', 'X10105194912310021'],
    zh: '身份证号格式不正确',
    en: 'The ID card number format is incorrect',
  },
  password: {
    good: ['12345678', 'abc defgh'],
    bad: ['1234567'],
    zh: '密码不能少于8位',
    en: 'The password must have at least 8 characters',
  },
  name: {
    good: ['张三', 'Zhang3', '锻造Line2'],
    bad: ['张 三', 'a_b', 'x-y'],
    zh: '只能输入字母、数字或中文',
    en: 'Only letters, digits or Chinese characters',
  },
  amount: {
    good: ['0', '12', '12.5', '12.50'],
    bad: ['12.505', '-1', '1e3', '.5'],
    zh: '请输入正确的金额，最多两位小数',
    en: 'Please enter a correct amount, at most 2 decimals',
  },
  port: {
    good: ['0', '80', '65535'],
    bad: ['65536', '-1', '8a'],
    zh: '端口号应为 0-65535',
    en: 'The port must be from 0 to 65535',
  },
  ip: {
    good: ['192.168.1.1', '0.0.0.0', '::1', '2001:db8::8a2e:370:7334'],
    bad: ['256.1.1.1', '1.2.3', 'abc'],
    zh: 'IP 地址格式不正确',
    en: 'The IP address format is incorrect',
  },
  url: {
    good: ['https://forgeline.example/a?b=1', 'http://localhost:8080'],
    bad: ['ftp://x.com', 'forgeline.example', 'javascript:alert(1)'],
    zh: '网址格式不正确',
    en: 'The URL format is incorrect',
  },
  tel: {
    good: [
      '0571-88886666',
      '057188886666',
      '88886666',
      '13800138000',
      '+86 571 88886666',
      '+86 519 8888 6601',
      '0571 8888-6666',
      '0571-88886666-123',
    ],
    bad: ['abc', '123', '0571_88886666'],
    zh: '电话号码格式不正确',
    en: 'The telephone number format is incorrect',
  },
}

describe('shared validators (SPEC §5) with server messages in zh and en', () => {
  for (const [rule, c] of Object.entries(cases) as [RuleName, (typeof cases)[RuleName]][]) {
    it(rule, () => {
      for (const v of c.good) expect(checkRule(rule, v), `${rule} ${v}`).toBeUndefined()
      for (const v of c.bad) {
        const code = checkRule(rule, v)
        expect(code, `${rule} ${v}`).toBeDefined()
        expect(ruleMessage(code!, 'zh')).toBe(c.zh)
        expect(ruleMessage(code!, 'en')).toBe(c.en)
      }
    })
  }

  it('reports required and tooLong, and lets optional fields be empty', () => {
    expect(ruleMessage(checkRule('phone', '')!, 'zh')).toBe('此项为必填项')
    expect(ruleMessage(checkRule('email', undefined)!, 'en')).toBe('This field is required')
    expect(requiredRule('tel', 10).safeParse('0571-88886666').error?.issues[0]?.message).toBe(
      'tooLong',
    )
    expect(optionalRule('url').parse(undefined)).toBe('')
    expect(optionalRule('url').safeParse('nope').error?.issues[0]?.message).toBe('url')
  })
})
