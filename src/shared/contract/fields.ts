import { z } from 'zod'

/**
 * Field rules of SPEC §5 shared by client and server. Each failing rule reports a code
 * (the issue message), which each side turns into text in the user's language.
 */
export const fieldErrorCodes = ['required', 'choose', 'phone', 'email', 'tooLong', 'passwordTooShort', 'userNameFormat', 'avatar'] as const
export type FieldErrorCode = (typeof fieldErrorCodes)[number]

export const isFieldErrorCode = (v: string): v is FieldErrorCode =>
  (fieldErrorCodes as readonly string[]).includes(v)

/** 11 digits starting with 1 (SPEC §5). */
export const phonePattern = /^1\d{10}$/
/** Standard e-mail pattern (SPEC §5). */
export const emailPattern = /^[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

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

/** Textarea default maximum (SPEC §5). */
export const textareaMax = 500
