import { contactPhoneMax, type FieldErrorCode } from './field-rules.ts'

/** Longest number accepted; kept in field-rules.ts so a form's `maxLength` does not load the checks. */
export { contactPhoneMax }

/**
 * The phone number a visitor or supplier leaves on a public form: a Chinese mobile
 * (13812345678), a Chinese landline with its area code (010-12345678, 0755 1234 5678, optionally
 * an extension: 转 / ext / x / # / a last dash group) or an international number in E.164 form
 * (+44 20 7946 0958, 0044 ..., spaces, dashes, dots and brackets allowed). One pass over the text
 * per check, no regular expression: linear time whatever a visitor types.
 * Returns the code of the real problem, or undefined when the number is accepted.
 */

export type ContactPhoneCode = Extract<
  FieldErrorCode,
  | 'phoneChars'
  | 'phoneStart'
  | 'phoneMobile'
  | 'phoneLandline'
  | 'phoneIntl'
  | 'phoneExt'
  | 'tooLong'
>

const isDigit = (c: string) => c >= '0' && c <= '9'
const isSeparator = (c: string) =>
  c === ' ' || c === '-' || c === '.' || c === '(' || c === ')' || c === '\u00a0'

const allDigits = (s: string, min: number, max: number) => {
  let ok = s.length >= min && s.length <= max
  for (const c of s) ok &&= isDigit(c)
  return ok
}

/** Splits off an extension introduced by 转, ext, ext., x or #; undefined when the marker has no 1-6 digits after it. */
function splitExtension(v: string): { main: string; ext: string } | undefined {
  const lower = v.toLowerCase()
  for (const marker of ['转', 'ext.', 'ext', 'x', '#']) {
    const at = lower.indexOf(marker)
    if (at < 0) continue
    const ext = v.slice(at + marker.length).trim()
    return allDigits(ext, 1, 6) ? { main: v.slice(0, at), ext } : undefined
  }
  return { main: v, ext: '' }
}

/** The digits of the number without its separators; undefined when another character is in it. */
function digitsOf(main: string): { plus: boolean; digits: string } | undefined {
  let plus = false
  let digits = ''
  let seen = false
  for (const c of main) {
    if (isDigit(c)) {
      digits += c
      seen = true
    } else if (c === '+' && !seen && !plus && digits === '') plus = true
    else if (!isSeparator(c)) return undefined
  }
  return { plus, digits }
}

/** A Chinese number without its trunk 0 or +86: a mobile (1 + 10 digits) or area code + 7-8 digits. */
function chineseNational(n: string, mobile: boolean): ContactPhoneCode | undefined {
  if (mobile) return n.length === 11 && n[1]! >= '3' ? undefined : 'phoneMobile'
  // 010 and 02x have two digits after the trunk 0, the other area codes three
  const area = n[0] === '1' || n[0] === '2' ? 2 : 3
  const local = n.length - area
  return n[0] !== '0' && (local === 7 || local === 8) && n[area] !== '0'
    ? undefined
    : 'phoneLandline'
}

function checkMain(main: string): ContactPhoneCode | undefined {
  const parsed = digitsOf(main)
  if (!parsed) return 'phoneChars'
  let { digits } = parsed
  const international = parsed.plus || digits.startsWith('00')
  if (digits === '') return 'phoneStart'
  if (international) {
    if (!parsed.plus) digits = digits.slice(2)
    if (digits.startsWith('86')) {
      // +86: the Chinese rules, with a trunk 0 written by habit tolerated
      const n = digits[2] === '0' ? digits.slice(3) : digits.slice(2)
      return chineseNational(n, n[0] === '1' && n[1] !== '0')
    }
    return digits.length >= 8 && digits.length <= 15 && digits[0] !== '0' ? undefined : 'phoneIntl'
  }
  if (digits[0] === '1') return chineseNational(digits, true)
  if (digits[0] === '0') return chineseNational(digits.slice(1), false)
  return 'phoneStart'
}

export function contactPhoneProblem(value: string): ContactPhoneCode | undefined {
  const v = value.trim()
  if (v.length > contactPhoneMax) return 'tooLong'
  const split = splitExtension(v)
  if (!split) return 'phoneExt'
  const problem = checkMain(split.main)
  if (problem !== 'phoneLandline' || split.ext !== '') return problem
  // 010-12345678-123: a last dash group after a whole landline number is its extension
  const dash = split.main.lastIndexOf('-')
  const last = split.main.slice(dash + 1).trim()
  if (dash <= 0 || !allDigits(last, 1, 6)) return problem
  return checkMain(split.main.slice(0, dash)) === undefined ? undefined : problem
}
