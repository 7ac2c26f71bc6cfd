import type { GridPermissions } from '#shared/grid-permissions'
import { DeniedAction } from '../../errors.ts'
import { buttonsFor } from '../orders/save-operation.ts'
import type { ImportPlan } from './import-plan.ts'

/**
 * 403 when the plan stores rows through a toolbar button the user's grid permissions hide, as
 * `Save{Kind}` refuses the same records (SPEC §6): any row needs `save`, a new row also `add`.
 * The message says which button and how many rows, and nothing is stored.
 */
export function requireImportButtons(
  perms: GridPermissions,
  plan: Pick<ImportPlan, 'inserts' | 'updates'>,
): void {
  const needed = buttonsFor({
    insertRecords: plan.inserts,
    updateRecords: plan.updates,
    removeRecords: [],
  })
  if (needed.includes('save') && !perms.buttonShown('save'))
    throw new DeniedAction('import: save', 'importSaveForbidden', {
      count: plan.inserts.length + plan.updates.length,
    })
  if (needed.includes('add') && !perms.buttonShown('add'))
    throw new DeniedAction('import: add', 'importAddForbidden', { count: plan.inserts.length })
}
