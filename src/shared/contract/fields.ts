import { z } from 'zod'
import { emailPattern, phonePattern } from './field-rules.ts'

/** Field rules of SPEC §5 as `zod` schemas (the constants live in field-rules.ts). */
export * from './field-rules.ts'

export const requiredText = (max: number) =>
  z.string({ message: 'required' }).trim().min(1, 'required').max(max, 'tooLong')
export const optionalText = (max: number) => z.string().trim().max(max, 'tooLong').default('')
export const phone = z.string({ message: 'required' }).trim().min(1, 'required').regex(phonePattern, 'phone')
export const optionalEmail = z
  .string()
  .trim()
  .max(100, 'tooLong')
  .refine((v) => v === '' || emailPattern.test(v), 'email')
  .default('')
