import { describe, expect, it } from 'vitest'
import { leaveMessageFields } from '#shared/contract/leaving'

const valid = { Name: '李雷', Phone: '13912345678', Email: '', Company: '', Message: '您好' }
const codes = (input: unknown) => {
  const r = leaveMessageFields.safeParse(input)
  const out: Record<string, string> = {}
  if (!r.success) for (const i of r.error.issues) out[String(i.path[0])] ??= i.message
  return out
}

describe('leave-a-message rules (SPEC §5)', () => {
  it('accepts a valid message with optional fields empty', () => {
    expect(leaveMessageFields.safeParse(valid).success).toBe(true)
  })
  it.each([
    ['23912345678', 'phoneStart'],
    ['1391234567', 'phoneMobile'],
    ['139123456789', 'phoneMobile'],
    ['139-1234-567', 'phoneMobile'],
    ['13912345678a', 'phoneChars'],
  ])('phone %s -> %s', (Phone, code) => {
    expect(codes({ ...valid, Phone }).Phone).toBe(code)
  })
  it('keeps what was typed: landlines and international numbers pass as written', () => {
    for (const Phone of ['+44 20 7946 0958', '010-12345678', '0755 1234 5678']) {
      const r = leaveMessageFields.safeParse({ ...valid, Phone })
      expect(r.success && r.data.Phone).toBe(Phone)
    }
  })
  it('needs a phone number or an e-mail address', () => {
    expect(codes({ Name: '李雷', Message: '您好' })).toEqual({ Phone: 'phoneOrEmail' })
    expect(
      leaveMessageFields.parse({ Name: ' 李雷 ', Email: 'a@b.example', Message: '您好' }),
    ).toEqual({ Name: '李雷', Phone: '', Email: 'a@b.example', Company: '', Message: '您好' })
    expect(
      leaveMessageFields.parse({ Name: '李雷', Phone: '13912345678', Message: '您好' }),
    ).toEqual({ Name: '李雷', Phone: '13912345678', Email: '', Company: '', Message: '您好' })
    expect(codes({ ...valid, Phone: '', Email: '' }).Phone).toBe('phoneOrEmail')
    expect(codes({ ...valid, Phone: '  ', Email: undefined }).Phone).toBe('phoneOrEmail')
    expect(codes({ ...valid, Phone: '', Email: 'buyer@example.co.uk' })).toEqual({})
    expect(codes({ ...valid, Phone: '+44 20 7946 0958', Email: '' })).toEqual({})
  })
  it('checks e-mail format only when given, and message length', () => {
    expect(codes({ ...valid, Email: 'a@b' }).Email).toBe('email')
    expect(codes({ ...valid, Email: 'a.b@example.com' }).Email).toBeUndefined()
    expect(codes({ ...valid, Message: 'x'.repeat(501) }).Message).toBe('tooLong')
    expect(codes({ ...valid, Message: 'x'.repeat(500) }).Message).toBeUndefined()
    expect(codes({ ...valid, Name: '   ' }).Name).toBe('required')
  })
})
