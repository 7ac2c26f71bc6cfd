/**
 * Specification rows carry a value in each language (`Value`/`ValueEn`). Older rows
 * held both in one string, "渗碳淬火 / Carburising and hardening": `splitSpecValue` parts them.
 * A value without Chinese text ("42CrMo4", "14.2 kg") reads the same in both languages.
 */
export type SpecRow = { Name: string; NameEn: string; Value: string; ValueEn: string }

const hasHan = (s: string) => /\p{Script=Han}/u.test(s)

/** `"中文 / English"` -> `["中文", "English"]`; anything else -> `[value, '']` (English falls back). */
export function splitSpecValue(value: string): [string, string] {
  const at = value.lastIndexOf(' / ')
  if (at < 0) return [value, '']
  const zh = value.slice(0, at).trim()
  const en = value.slice(at + 3).trim()
  return hasHan(zh) && !hasHan(en) && en !== '' ? [zh, en] : [value, '']
}

/** A stored row of either shape as a two-language row. */
export function specRowOf(r: {
  Name?: unknown
  NameEn?: unknown
  Value?: unknown
  ValueEn?: unknown
}): SpecRow {
  const s = (v: unknown) => (typeof v === 'string' ? v : '')
  if (typeof r.ValueEn === 'string')
    return { Name: s(r.Name), NameEn: s(r.NameEn), Value: s(r.Value), ValueEn: r.ValueEn }
  const [Value, ValueEn] = splitSpecValue(s(r.Value))
  return { Name: s(r.Name), NameEn: s(r.NameEn), Value, ValueEn }
}

/** Whether a row's value needs an English text: it has Chinese and no English. */
export const specValueLacksEnglish = (r: SpecRow) => hasHan(r.Value) && r.ValueEn.trim() === ''
