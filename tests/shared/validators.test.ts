import { describe, expect, it } from 'vitest'
import {
  checkRule,
  isValidatorErrorCode,
  optionalRule,
  requiredRule,
  rules,
  type RuleName,
} from '#shared/contract/validators'

const ok = (rule: RuleName, v: string) => rules[rule].test(v)

describe('validator rules (SPEC §5): the edges of each', () => {
  it('idCard: 15 digits, or 17 digits and a digit or X', () => {
    expect(ok('idCard', '110105491231002')).toBe(true)
    expect(ok('idCard', '110105194912310021')).toBe(true)
    expect(ok('idCard', '11010519491231002X')).toBe(true)
    expect(ok('idCard', '11010519491231002x')).toBe(true)
    expect(ok('idCard', '11010549123100')).toBe(false)
    expect(ok('idCard', '1101054912310021')).toBe(false)
    expect(ok('idCard', '1101051949123100210')).toBe(false)
    expect(ok('idCard', '11010519491231002Y')).toBe(false)
    expect(ok('idCard', 'a110105491231002')).toBe(false)
    expect(ok('idCard', '110105491231002a')).toBe(false)
    expect(ok('idCard', '11010549123100X')).toBe(false)
  })
  it('password: at least 8 characters', () => {
    expect(ok('password', '1234567')).toBe(false)
    expect(ok('password', '12345678')).toBe(true)
  })
  it('name: letters, digits or Chinese only', () => {
    expect(ok('name', '锻造Line2')).toBe(true)
    expect(ok('name', 'a')).toBe(true)
    expect(ok('name', 'a b')).toBe(false)
    expect(ok('name', '-ab')).toBe(false)
    expect(ok('name', 'ab-')).toBe(false)
    expect(ok('name', '')).toBe(false)
  })
  it('amount: digits with up to two decimals', () => {
    for (const v of ['0', '12', '1.5', '12.50']) expect(ok('amount', v), v).toBe(true)
    for (const v of ['12.505', '12.', '.5', '-1', 'a1', '1a', '1.a', '', '1.5.5'])
      expect(ok('amount', v), v).toBe(false)
  })
  it('port: 1 to 5 digits up to 65535', () => {
    for (const v of ['0', '8', '65535', '00080']) expect(ok('port', v), v).toBe(true)
    for (const v of ['65536', '123456', '-1', 'a80', '80a', ''])
      expect(ok('port', v), v).toBe(false)
  })
  it('ip: IPv4 or IPv6', () => {
    for (const v of ['0.0.0.0', '255.255.255.255', '::1', '2001:db8::1'])
      expect(ok('ip', v), v).toBe(true)
    for (const v of ['256.1.1.1', '1.2.3', 'abc', '']) expect(ok('ip', v), v).toBe(false)
  })
  it('url: http or https with a host, no spaces', () => {
    for (const v of ['http://a.example', 'https://a.example/x?y=1'])
      expect(ok('url', v), v).toBe(true)
    for (const v of [
      'ftp://a.example',
      'https://a.example/x y',
      ' https://a.example',
      'https://a.example\n',
      'a.example',
      'mailto:a@b.example',
      'file:///etc/passwd',
    ])
      expect(ok('url', v), v).toBe(false)
  })
  it('tel: landline with optional area code and extension, +86, or a mobile', () => {
    for (const v of [
      '13800138000',
      '88886666',
      '8888666',
      '0571-88886666',
      '057188886666',
      '(0571)88886666',
      '(010) 8888-6666',
      '010 888-6666',
      '+86 571 88886666',
      '86-10-88886666',
      '+86(571)88886666',
      '0571-88886666-1',
      '0571-88886666-123456',
      '0571-88886666转801',
      '0571 88886666 ext12',
      '0571-88886666EXT.12',
    ])
      expect(ok('tel', v), v).toBe(true)
    for (const v of [
      'abc',
      '123',
      '888666',
      '0571_88886666',
      '+86 071 88886666',
      '+86 5 88886666',
      '05 88886666',
      '0571-88886666-1234567',
      'x88886666',
      '88886666x',
      '88886666 ext',
      '0571--88886666',
      '+ 86 571 88886666',
    ])
      expect(ok('tel', v), v).toBe(false)
  })
})

describe('requiredRule, optionalRule, checkRule', () => {
  it('a required value: empty or absent is required, longer than max is tooLong, else the rule', () => {
    expect(checkRule('email', undefined)).toBe('required')
    expect(checkRule('email', '   ')).toBe('required')
    expect(checkRule('email', ' a@b.example ')).toBeUndefined()
    expect(checkRule('email', 'a@b')).toBe('email')
    expect(checkRule('idCard', '123')).toBe('idCard')
    expect(checkRule('password', '1234567')).toBe('passwordTooShort')
    expect(checkRule('password', undefined)).toBe('required')
    expect(checkRule('amount', `${'1'.repeat(200)}`)).toBeUndefined()
    expect(checkRule('amount', `${'1'.repeat(201)}`)).toBe('tooLong')
    expect(requiredRule('tel', 10).safeParse('0571-88886666').error?.issues[0]?.message).toBe(
      'tooLong',
    )
    expect(requiredRule('tel', 13).safeParse(' 0571-88886666 ').data).toBe('0571-88886666')
  })
  it('a password is not trimmed: its spaces count', () => {
    expect(checkRule('password', ' 1234567')).toBeUndefined()
    expect(requiredRule('password').parse(' 1234567 ')).toBe(' 1234567 ')
    expect(requiredRule('name').parse(' 张三 ')).toBe('张三')
  })
  it('an optional value may be empty or absent; else trimmed, checked and at most max long', () => {
    expect(optionalRule('url').parse(undefined)).toBe('')
    expect(optionalRule('url').parse('  ')).toBe('')
    expect(optionalRule('url').parse(' http://a.example ')).toBe('http://a.example')
    expect(optionalRule('url').safeParse('nope').error?.issues[0]?.message).toBe('url')
    expect(optionalRule('tel', 8).safeParse('88886666').success).toBe(true)
    expect(optionalRule('tel', 7).safeParse('88886666').error?.issues[0]?.message).toBe('tooLong')
    expect(optionalRule('tel').safeParse('1'.repeat(201)).error?.issues[0]?.message).toBe('tooLong')
  })
  it('knows its own codes only', () => {
    expect(isValidatorErrorCode('idCard')).toBe(true)
    expect(isValidatorErrorCode('tel')).toBe(true)
    expect(isValidatorErrorCode('phone')).toBe(false)
  })
})
