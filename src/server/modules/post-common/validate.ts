import type { z } from 'zod'
import { Code } from '#shared/contract/codes'
import type { PostCommonBody } from '#shared/contract/post-common'
import { AppError } from '../../errors.ts'
import { ruleMessage, t, type Lang } from '../../i18n.ts'
import type { AnyOperation } from './registry.ts'

/** The text of a field error, worded like the global error handler's. */
export function fieldText(field: string, code: string, lang: Lang): string {
  const rule = ruleMessage(code, lang)
  if (rule !== undefined) return rule
  return lang === 'en'
    ? `${field} ${t('invalidField', 'en')}`
    : `${field}${t('invalidField', 'zh')}`
}

const kinds = [
  ['insertRecords', 'insert'],
  ['updateRecords', 'update'],
  ['removeRecords', 'remove'],
] as const

type Records = { insertRecords: unknown[]; updateRecords: unknown[]; removeRecords: unknown[] }

/**
 * Parses every record with the operation's schemas. Any problem rejects the whole call
 * (400 with `errors`: field path -> message, e.g. `postData.updateRecords.0.Id`).
 */
export function validateRecords(
  op: AnyOperation,
  postData: PostCommonBody['postData'],
  lang: Lang,
): Records {
  const errors: Record<string, string> = {}
  const out: Records = { insertRecords: [], updateRecords: [], removeRecords: [] }
  for (const [kind, schemaKey] of kinds) {
    const given = postData[kind] ?? []
    if (given.length === 0) continue
    const schema: z.ZodType | undefined = op[schemaKey]
    if (!schema) {
      errors[`postData.${kind}`] = fieldText(`postData.${kind}`, '', lang)
      continue
    }
    given.forEach((record, i) => {
      const r = schema.safeParse(record)
      if (r.success) return void out[kind].push(r.data)
      for (const issue of r.error.issues) {
        const field = ['postData', kind, i, ...issue.path].map(String).join('.')
        errors[field] ??= fieldText(field, issue.message, lang)
      }
    })
  }
  if (Object.keys(errors).length > 0) throw new AppError(Code.badRequest, 'badRequest', errors)
  return out
}
