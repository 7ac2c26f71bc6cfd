import { t } from '@lingui/core/macro'
import type { FieldDef } from '#client/components/form/form-field'

/**
 * A Chinese field and its English twin (`Title`, `TitleEn`): the Chinese one offers "translate",
 * the English one is optional and flagged "English missing" while empty.
 */
export function bilingual(
  name: string,
  label: string,
  maxZh: number,
  maxEn: number,
  type: 'text' | 'textarea',
  optional = false,
): FieldDef[] {
  const rows = type === 'textarea' && maxZh > 1000 ? 8 : undefined
  return [
    {
      name,
      label: t`${label} (Chinese)`,
      type,
      max: maxZh,
      rows,
      optional,
      translateTo: `${name}En`,
    },
    {
      name: `${name}En`,
      label: t`${label} (English)`,
      type,
      max: maxEn,
      rows,
      optional: true,
      englishOf: name,
    },
  ] as FieldDef[]
}
