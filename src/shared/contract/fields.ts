import { z } from 'zod'
import { emailPattern, phonePattern } from './field-rules.ts'
import { contactPhoneMax, contactPhoneProblem } from './contact-phone.ts'

/** Field rules of SPEC §5 as `zod` schemas (the constants live in field-rules.ts). */
export * from './field-rules.ts'

export const requiredText = (max: number) =>
  z.string({ message: 'required' }).trim().min(1, 'required').max(max, 'tooLong')
export const optionalText = (max: number) => z.string().trim().max(max, 'tooLong').default('')
/** A required phone number of a public form: mobile, landline or international (contact-phone.ts). */
export const phone = z
  .string({ message: 'required' })
  .trim()
  .min(1, 'required')
  .max(contactPhoneMax, 'tooLong')
  .superRefine((v, ctx) => {
    const code = contactPhoneProblem(v)
    if (code) ctx.addIssue({ code: 'custom', message: code })
  })
/** A Chinese mobile number (SPEC §5: 11 digits starting with 1): sign-up and phone-code sign-in. */
export const mobile = z
  .string({ message: 'required' })
  .trim()
  .min(1, 'required')
  .regex(phonePattern, 'phone')
/** A phone verification code as typed (digits only). */
export const smsCode = z
  .string({ message: 'smsCode' })
  .trim()
  .regex(/^\d{4,8}$/, 'smsCode')
export const optionalEmail = z
  .string()
  .trim()
  .max(100, 'tooLong')
  .refine((v) => v === '' || emailPattern.test(v), 'email')
  .default('')
/**
 * Region of China (SPEC §3 region item, SPEC §5 "area: please choose"): the six-digit codes of
 * province, city and (where the city has districts) district; each code lies inside its parent.
 * Whether the codes exist is checked against the division data where it is loaded.
 */
export const areaCodes = z
  .array(z.string().max(6), { message: 'choose' })
  .max(3, 'choose')
  .superRefine((codes, ctx) => {
    const ok =
      codes.length >= 2 &&
      codes.every((c) => /^\d{6}$/.test(c)) &&
      codes[0]!.endsWith('0000') &&
      codes[1]!.startsWith(codes[0]!.slice(0, 2)) &&
      (codes[2] === undefined || codes[2].startsWith(codes[1]!.slice(0, 4)))
    if (!ok) ctx.addIssue({ code: 'custom', message: 'choose' })
  })
