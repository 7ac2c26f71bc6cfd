import { describe, expect, it } from 'vitest'
import { contactPhoneProblem } from '#shared/contract/contact-phone'
import { phone } from '#shared/contract/fields'

describe('phone numbers of the public forms (issue 20)', () => {
  it.each([
    // Chinese mobiles
    '13812345678',
    '138 1234 5678',
    '138-1234-5678',
    '+86 138 1234 5678',
    '0086 13812345678',
    // Chinese landlines, with area code, optional extension
    '010-12345678',
    '(010) 1234 5678',
    '0755 1234 5678',
    '0519-8888660',
    '021-12345678 转 801',
    '010-12345678-123',
    '0755 1234 5678 ext. 12',
    '+86 519 8888 6601',
    '+86 10 1234 5678',
    '+86 (0)755 1234 5678',
    // international (E.164, spaces, dashes, dots)
    '+44 20 7946 0958',
    '+1 (415) 555-0123',
    '+49-30-901820',
    '+33 1.23.45.67.89',
    '0044 20 7946 0958',
    '+44 20 7946 0958 x 22',
  ])('accepts %s', (v) => {
    expect(contactPhoneProblem(v)).toBeUndefined()
  })

  it.each([
    // the real problem, not "digits only"
    ['1380013800', 'phoneMobile'],
    ['138001380001', 'phoneMobile'],
    ['12012345678', 'phoneMobile'],
    ['010-1234567890', 'phoneLandline'],
    ['0755-123456', 'phoneLandline'],
    ['010-02345678', 'phoneLandline'],
    ['+44 20', 'phoneIntl'],
    ['+44 20 7946 0958 1234 5', 'phoneIntl'],
    ['+0 1234 5678', 'phoneIntl'],
    ['+86 138 1234 567', 'phoneMobile'],
    ['44 20 7946 0958', 'phoneStart'],
    ['2345', 'phoneStart'],
    ['---', 'phoneStart'],
    ['tel: 13812345678', 'phoneChars'],
    ['138+12345678', 'phoneChars'],
    ['13812345678 转', 'phoneExt'],
    ['010-12345678 ext 1234567', 'phoneExt'],
    ['+44 20 7946 0958 0958 0958 0958 0958', 'tooLong'],
  ])('refuses %s with %s', (v, code) => {
    expect(contactPhoneProblem(v)).toBe(code)
  })

  it('reads the number in one pass: a long hostile input is refused at once', () => {
    expect(contactPhoneProblem(`+${'1 '.repeat(50_000)}x`)).toBe('tooLong')
    expect(contactPhoneProblem('(((((((((((((((((((((((((((((')).toBe('phoneStart')
  })

  it('is the supplier form rule too (full zod): required, then the real problem', () => {
    const code = (v: unknown) => {
      const r = phone.safeParse(v)
      return r.success ? undefined : r.error.issues[0]?.message
    }
    expect(code('')).toBe('required')
    expect(code('0519-8888660')).toBeUndefined()
    expect(code('+44 20 7946 0958')).toBeUndefined()
    expect(code('1380013')).toBe('phoneMobile')
  })
})
