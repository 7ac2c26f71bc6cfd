import { describe, expect, it } from 'vitest'
import { contactPhoneProblem } from '#shared/contract/contact-phone'
import { phone } from '#shared/contract/fields'

describe('phone numbers of the public forms', () => {
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

  it('edges of the rules: separators, markers, extension and length limits (mutation survivors)', () => {
    // a no-break space (pasted from a web page) separates like a space
    expect(contactPhoneProblem('138\u00a01234\u00a05678')).toBeUndefined()
    // extensions of 1 and 6 digits, after 转, #, or a marker in capitals
    expect(contactPhoneProblem('010-12345678 转 8')).toBeUndefined()
    expect(contactPhoneProblem('010-12345678 ext 123456')).toBeUndefined()
    expect(contactPhoneProblem('010-12345678#123')).toBeUndefined()
    expect(contactPhoneProblem('+44 20 7946 0958 X 22')).toBeUndefined()
    expect(contactPhoneProblem('0755 1234 5678 EXT. 12')).toBeUndefined()
    // a last dash group is an extension of 1 to 6 digits, not 7
    expect(contactPhoneProblem('010-12345678-1')).toBeUndefined()
    expect(contactPhoneProblem('010-12345678-123456')).toBeUndefined()
    expect(contactPhoneProblem('010-12345678-1234567')).toBe('phoneLandline')
    // one leading + only
    expect(contactPhoneProblem('++44 20 7946 0958')).toBe('phoneChars')
    // E.164: 8 to 15 digits, written with + or 00
    expect(contactPhoneProblem('+12345678')).toBeUndefined()
    expect(contactPhoneProblem('+1234567')).toBe('phoneIntl')
    expect(contactPhoneProblem('+123456789012345')).toBeUndefined()
    expect(contactPhoneProblem('+1234567890123456')).toBe('phoneIntl')
    expect(contactPhoneProblem('0012345678')).toBeUndefined()
    expect(contactPhoneProblem('001234567')).toBe('phoneIntl')
    // after +86 and a trunk 0, a second 0 is no area code
    expect(contactPhoneProblem('+86 00 10 1234 5678')).toBe('phoneLandline')
    // at most 30 characters (spaces inside count, around do not)
    const sized = (n: number) => `+44${' '.repeat(n - 15)}20 7946 0958`
    expect(sized(30)).toHaveLength(30)
    expect(contactPhoneProblem(` ${sized(30)} `)).toBeUndefined()
    expect(contactPhoneProblem(sized(31))).toBe('tooLong')
  })

  it('extensions and area codes at their edges (mutation survivors)', () => {
    // an extension alone is no number; a bare + neither
    expect(contactPhoneProblem('#123')).toBe('phoneStart')
    expect(contactPhoneProblem('+')).toBe('phoneStart')
    // 02x has two digits after the trunk 0: the local number is what follows, and never starts with 0
    expect(contactPhoneProblem('021-02345678')).toBe('phoneLandline')
    // a last dash group is an extension of a landline only, and only when no marker gave one
    expect(contactPhoneProblem('13812345678-12')).toBe('phoneMobile')
    expect(contactPhoneProblem('010-12345678-12 转 8')).toBe('phoneLandline')
    // spaces around that dash are separators
    expect(contactPhoneProblem('010-12345678 - 123')).toBeUndefined()
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
    expect(phone.safeParse('1380013').error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: [], message: 'phoneMobile' }),
    ])
  })
})
