import { describe, expect, it } from 'vitest'
import {
  areaCodes,
  isFieldErrorCode,
  optionalEmail,
  optionalText,
  requiredText,
} from '#shared/contract/fields'
import { normaliseMobile } from '#shared/contract/mobile-number'
import { httpStatusFor, isSuccessCode } from '#shared/contract/codes'

const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message

describe('field rules of SPEC §5 (zod)', () => {
  it('requiredText: trimmed, required, at most max', () => {
    expect(requiredText(3).parse(' abc ')).toBe('abc')
    expect(issue(requiredText(3).safeParse('  '))).toBe('required')
    expect(issue(requiredText(3).safeParse(undefined))).toBe('required')
    expect(issue(requiredText(3).safeParse('abcd'))).toBe('tooLong')
  })
  it('optionalText: trimmed, absent is "", at most max', () => {
    expect(optionalText(3).parse(undefined)).toBe('')
    expect(optionalText(3).parse(' ab ')).toBe('ab')
    expect(issue(optionalText(3).safeParse('abcd'))).toBe('tooLong')
  })
  it('optionalEmail: empty or an e-mail address', () => {
    expect(optionalEmail.parse(undefined)).toBe('')
    expect(optionalEmail.parse(' ')).toBe('')
    expect(optionalEmail.parse(' a@b.example ')).toBe('a@b.example')
    expect(issue(optionalEmail.safeParse('a@b'))).toBe('email')
  })
  it('areaCodes: province, city and maybe district, each inside its parent', () => {
    const good = [
      ['110000', '110100'],
      ['440000', '440300', '440305'],
    ]
    for (const codes of good)
      expect(issue(areaCodes.safeParse(codes)), codes.join()).toBeUndefined()
    const bad = [
      [],
      ['110000'],
      ['110000', '1101'],
      ['110000', '11010a'],
      ['110100', '110101'],
      ['110000', '120100'],
      ['440000', '440300', '440405'],
      ['440000', '440300', '44030'],
      ['440000', '440300', '440305', '440306'],
    ]
    for (const codes of bad) expect(issue(areaCodes.safeParse(codes)), codes.join()).toBe('choose')
    expect(issue(areaCodes.safeParse('110000'))).toBe('choose')
    // a code of seven digits: refused in itself and, as the field's own problem, with choose
    const long = areaCodes.safeParse(['1100000', '110100'])
    expect(long.error?.issues.map((i) => [i.path, i.message])).toContainEqual([[], 'choose'])
    expect(areaCodes.safeParse(['110000']).error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: [], message: 'choose' }),
    ])
  })
  it('knows its own codes only', () => {
    expect(isFieldErrorCode('phoneExt')).toBe(true)
    expect(isFieldErrorCode('required')).toBe(true)
    expect(isFieldErrorCode('idCard')).toBe(false)
  })
})

describe('normaliseMobile', () => {
  it('stores a mobile number as its 11 digits, without +86, 0086 or 86', () => {
    expect(normaliseMobile('13800000001')).toBe('13800000001')
    expect(normaliseMobile('+86 138-0000-0001')).toBe('13800000001')
    expect(normaliseMobile('0086 13800000001')).toBe('13800000001')
    expect(normaliseMobile('8613800000001')).toBe('13800000001')
    expect(normaliseMobile(' 138 0000 0001 ')).toBe('13800000001')
  })
  it('answers anything else trimmed and unchanged', () => {
    expect(normaliseMobile(' 010-12345678 ')).toBe('010-12345678')
    expect(normaliseMobile('86138000000012')).toBe('86138000000012')
    expect(normaliseMobile('0861380000000')).toBe('0861380000000')
    expect(normaliseMobile('23800000001')).toBe('23800000001')
    expect(normaliseMobile('')).toBe('')
  })
})

describe('response codes (SPEC §8)', () => {
  it('success: 200 and the configured codes, as numbers or text; not 0, 500, 10001, 10002', () => {
    for (const c of [200, '200', ' 200 ', 10000, 10003, 10004, 100011])
      expect(isSuccessCode(c), String(c)).toBe(true)
    for (const c of [0, '0', 500, 10001, 10002, 404, '', ' ', null, undefined, true, [200]])
      expect(isSuccessCode(c), String(c)).toBe(false)
  })
  it('a client error code is its HTTP status, 503 is 503, anything else 200', () => {
    expect(httpStatusFor(400)).toBe(400)
    expect(httpStatusFor(499)).toBe(499)
    expect(httpStatusFor(399)).toBe(200)
    expect(httpStatusFor(500)).toBe(200)
    expect(httpStatusFor(503)).toBe(503)
    expect(httpStatusFor(10001)).toBe(200)
  })
})
