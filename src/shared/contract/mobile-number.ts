import { phonePattern } from './field-rules.ts'

/**
 * A Chinese mobile number as stored (one account per number): digits only, without a
 * leading +86 / 0086 / 86, so `+86 138-0000-0001` and `13800000001` are the same number. Text
 * that is no mobile number once cleaned (a landline, a typo) is answered trimmed, unchanged.
 */
export function normaliseMobile(value: string): string {
  const digits = value.replace(/\D+/g, '')
  const national = digits.replace(/^(?:0086|86)(?=1\d{10}$)/, '')
  return phonePattern.test(national) ? national : value.trim()
}
