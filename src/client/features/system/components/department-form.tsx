import { useLingui } from '@lingui/react/macro'
import { versionOf } from '#client/lib/row-version'
import { Toast } from '#client/components/feedback/toast'
import { useState } from 'react'
import type { DepartmentRow } from '#shared/contract/system-departments'
import { departmentsKey } from '../api/get-departments.ts'
import { useSystemSave } from '../api/post-system-save.ts'
import { departmentPath, subtreeIds } from '../department-tree.ts'
import { errorLine, recordErrors } from '../field-errors.ts'
import { useFocusFirstError } from '#client/components/form/focus-first-error'

type Props = {
  item: DepartmentRow | undefined
  parentId: number | null
  rows: readonly DepartmentRow[]
  onDone: () => void
}

/** Adds a department, or renames (Chinese and English name) and moves one. */
export function DepartmentForm({ item, parentId, rows, onDone }: Props) {
  const { t, i18n } = useLingui()
  const [name, setName] = useState(item?.Name ?? '')
  const [nameEn, setNameEn] = useState(item?.NameEn ?? '')
  const [parent, setParent] = useState<number | null>(item ? item.ParentId : parentId)
  const [errors, setErrors] = useState<Record<string, string>>({})
  /** the version the form opened on: sent with the save (DESIGN §11) */
  const [base] = useState(() => versionOf(item))
  const { ref, focusErrors } = useFocusFirstError<HTMLFormElement>()
  const { save, isPending } = useSystemSave('SaveDepartment', [departmentsKey])
  const blocked = item ? subtreeIds(rows, item.Id) : new Set<number>()
  const submit = async () => {
    try {
      await save(
        item
          ? {
              updateRecords: [
                { Id: item.Id, Name: name, NameEn: nameEn, ParentId: parent, ...base },
              ],
            }
          : { insertRecords: [{ Name: name, NameEn: nameEn, ParentId: parent }] },
      )
      Toast.show({ icon: 'success', content: t`Saved` })
      onDone()
    } catch (e) {
      setErrors(recordErrors(e))
      focusErrors()
      Toast.show({
        icon: 'fail',
        content: errorLine(e, t`The changes could not be saved`),
        duration: 3000,
      })
    }
  }
  return (
    <form
      ref={ref}
      className="sys-form"
      data-testid="department-form"
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      <label>
        {t`Department name (Chinese)`}
        <input
          name="Name"
          value={name}
          maxLength={50}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
        {errors.Name ? (
          <span className="sys-error" role="alert">
            {errors.Name}
          </span>
        ) : null}
      </label>
      <label>
        {t`Department name (English, optional)`}
        <input
          name="NameEn"
          value={nameEn}
          maxLength={50}
          onChange={(e) => setNameEn(e.target.value)}
        />
        {errors.NameEn ? (
          <span className="sys-error" role="alert">
            {errors.NameEn}
          </span>
        ) : null}
      </label>
      <label>
        {t`Parent department`}
        <select
          name="ParentId"
          value={parent ?? ''}
          onChange={(e) => setParent(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">{t`(top level)`}</option>
          {rows
            .filter((r) => !blocked.has(r.Id))
            .map((r) => (
              <option key={r.Id} value={r.Id}>
                {departmentPath(r, i18n.locale)}
              </option>
            ))}
        </select>
        {errors.ParentId ? (
          <span className="sys-error" role="alert">
            {errors.ParentId}
          </span>
        ) : null}
      </label>
      <div className="sys-actions">
        <button
          type="submit"
          className="is-primary"
          disabled={isPending}
          data-testid="department-save"
        >
          {t`Save`}
        </button>
      </div>
    </form>
  )
}
