import type { GridFile } from '#shared/contract/grid-files'
import type { GridPermissions } from '#shared/grid-permissions'
import { t, type Lang } from '../../i18n.ts'
import { fileFieldOf, type DbRow, type GridKind } from './grid-kind.ts'

/**
 * The `files` column value of a record's file cell when the save gives it (a list replaces
 * the stored one, so a file left out is removed) and the caller may see the column.
 */
export function filesColumn(
  kind: GridKind,
  rec: Record<string, unknown>,
  perms: GridPermissions,
): DbRow {
  const cell = fileFieldOf(kind)
  if (!cell || rec[cell.field] === undefined || !perms.columnShown(cell.field)) return {}
  return { files: JSON.stringify(rec[cell.field] as GridFile[]) }
}

/** SPEC §9 limits (photo 3, generic 1), checked on the server too: the field and the message, or undefined. */
export function filesOverLimit(
  kind: GridKind,
  values: DbRow,
  lang: Lang,
): { field: string; text: string } | undefined {
  const cell = fileFieldOf(kind)
  if (!cell || typeof values.files !== 'string') return undefined
  const count = (JSON.parse(values.files) as unknown[]).length
  if (count <= cell.limit) return undefined
  return { field: cell.field, text: t('filesOverLimit', lang, { limit: cell.limit, count }) }
}
