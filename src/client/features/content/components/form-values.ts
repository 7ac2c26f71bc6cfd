import type { FieldValue, FormValues, UploadedFile } from '#client/components/form/form-field'

/** One stored image URL as a photo-field value ('' = none). */
export const toPhotos = (url: string): UploadedFile[] => (url ? [{ url }] : [])
/** A photo-field value back to one stored image URL. */
export const fromPhotos = (v: FieldValue | undefined): string =>
  Array.isArray(v) && typeof v[0] === 'object' ? (v[0] as UploadedFile).url : ''

/**
 * Contract fields of the changed form values: photo fields named in `single` become one URL,
 * `numbers` become integers, `flags` ('1'/'0' radios) booleans; everything else passes as is.
 */
export function toRecord(
  changed: FormValues,
  {
    single = [],
    numbers = [],
    flags = [],
  }: { single?: string[]; numbers?: string[]; flags?: string[] } = {},
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(changed).map(([k, v]) => {
      if (single.includes(k)) return [k, fromPhotos(v)]
      if (numbers.includes(k)) return [k, Number(v)]
      if (flags.includes(k)) return [k, v === '1']
      if (Array.isArray(v) && typeof v[0] === 'object' && 'url' in v[0])
        return [
          k,
          (v as UploadedFile[]).map((p) => ({
            url: p.url,
            ...(p.thumb ? { thumb: p.thumb } : {}),
          })),
        ]
      return [k, v]
    }),
  )
}

/** Whether an English field is empty while its Chinese one is not. */
export const lacksEnglish = (zh: string, en: string) => zh.trim() !== '' && en.trim() === ''

/** The sort order of a new item: after the last one. */
export const nextSort = (items: readonly { Sort: number }[] | undefined) =>
  Math.max(0, ...(items ?? []).map((i) => i.Sort)) + 10
