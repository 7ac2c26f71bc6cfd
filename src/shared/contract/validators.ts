import { z } from 'zod'
import { emailPattern, phonePattern } from './fields.ts'

/**
 * Helper checks of SPEC §5 shared by client and server: phone, email, ID card, password,
 * name, amount, port, IP, URL, tel. Like fields.ts, a failing rule reports a code as the
 * issue message; the server words it with i18n.ts `validatorMessages`, the client with its
 * own catalog. `phone`, `email` and `passwordTooShort` reuse the codes of fields.ts.
 */
export const validatorErrorCodes = [
  'idCard',
  'nameFormat',
  'amount',
  'port',
  'ip',
  'url',
  'tel',
] as const
export type ValidatorErrorCode = (typeof validatorErrorCodes)[number]

export const isValidatorErrorCode = (v: string): v is ValidatorErrorCode =>
  (validatorErrorCodes as readonly string[]).includes(v)

/** Minimum password length of this product (SPEC §5 says 6; DESIGN §7 asks for 8). */
export const passwordMin = 8

const ipv4Part = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
const ipv4Pattern = new RegExp(`^${ipv4Part}(\\.${ipv4Part}){3}$`)
const ipv6 = z.ipv6()

const isHttpUrl = (v: string) => {
  if (/\s/.test(v)) return false
  try {
    const u = new URL(v)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
  } catch {
    return false
  }
}

/** Each rule: its test on a trimmed, non-empty value, and the code it reports. */
export const rules = {
  phone: { code: 'phone', test: (v: string) => phonePattern.test(v) },
  email: { code: 'email', test: (v: string) => emailPattern.test(v) },
  /** 15 or 18 digits; the last of 18 may be X */
  idCard: { code: 'idCard', test: (v: string) => /^(\d{15}|\d{17}[\dXx])$/.test(v) },
  password: { code: 'passwordTooShort', test: (v: string) => v.length >= passwordMin },
  /** letters, digits or Chinese characters */
  name: { code: 'nameFormat', test: (v: string) => /^[A-Za-z0-9\p{Script=Han}]+$/u.test(v) },
  /** digits with up to 2 decimals */
  amount: { code: 'amount', test: (v: string) => /^\d+(\.\d{1,2})?$/.test(v) },
  port: { code: 'port', test: (v: string) => /^\d{1,5}$/.test(v) && Number(v) <= 65535 },
  ip: { code: 'ip', test: (v: string) => ipv4Pattern.test(v) || ipv6.safeParse(v).success },
  url: { code: 'url', test: isHttpUrl },
  /** a landline (area code optional, local number whole or as 4+4 / 3+4 groups, extension optional), +86 allowed, or a mobile number */
  tel: {
    code: 'tel',
    test: (v: string) =>
      phonePattern.test(v) ||
      /^(\+?86[- ]?\(?[1-9]\d{1,2}\)?[- ]?|\(?0\d{2,3}\)?[- ]?)?(\d{7,8}|\d{3,4}[- ]\d{4})([- ]?(转|ext\.?|-)?\d{1,6})?$/i.test(
        v,
      ),
  },
} as const satisfies Record<string, { code: string; test: (v: string) => boolean }>
export type RuleName = keyof typeof rules

/** A required string checked by a rule: empty -> `required`, longer than max -> `tooLong`. */
export function requiredRule(rule: RuleName, max = 200) {
  const { code, test } = rules[rule]
  const base =
    rule === 'password'
      ? z.string({ message: 'required' })
      : z.string({ message: 'required' }).trim()
  return base.min(1, 'required').max(max, 'tooLong').refine(test, code)
}

/** An optional string checked by a rule when not empty; absent reads as ''. */
export function optionalRule(rule: RuleName, max = 200) {
  const { code, test } = rules[rule]
  return z
    .string()
    .trim()
    .max(max, 'tooLong')
    .refine((v) => v === '' || test(v), code)
    .default('')
}

/** The code a value fails with under a rule ('' and undefined are `required`), or undefined when it passes. */
export function checkRule(rule: RuleName, value: string | undefined): string | undefined {
  const r = requiredRule(rule).safeParse(value)
  return r.success ? undefined : r.error.issues[0]?.message
}

export { hasControlCharacters, keywordControlCode, searchKeyword } from './search-keyword.ts'
