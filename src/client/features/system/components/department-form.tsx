import { useLingui } from '@lingui/react/macro'
import type { DepartmentRow } from '#shared/contract/system-departments'
import { departmentsKey } from '../api/get-departments.ts'
import { departmentPath, subtreeIds } from '../department-tree.ts'
import { useRecordForm } from '../use-record-form.ts'

type Props = {
  /** the department as the list reads it now (undefined: a new one) */
  item: DepartmentRow | undefined
  parentId: number | null
  rows: readonly DepartmentRow[]
  onDone: () => void
  /** Take theirs after a clash: the page reads the department again and opens the form anew */
  onReload?: () => void
}

/** Adds a department, or renames (Chinese and English name) and moves one. */
export function DepartmentForm({ item, parentId, rows, onDone, onReload }: Props) {
  const { t, i18n } = useLingui()
  const {
    values: v,
    set,
    errors,
    formRef,
    notice,
    isPending,
    ...form
  } = useRecordForm({
    postUrl: 'SaveDepartment',
    refresh: [departmentsKey],
    initial: {
      Name: item?.Name ?? '',
      NameEn: item?.NameEn ?? '',
      ParentId: item ? item.ParentId : parentId,
    },
    record: item,
    onDone,
    onReload,
  })
  const blocked = item ? subtreeIds(rows, item.Id) : new Set<number>()
  const submit = () =>
    form.submit((version) =>
      item
        ? { updateRecords: [{ Id: item.Id, ...v, RowVersion: version }] }
        : { insertRecords: [{ ...v }] },
    )
  const labels: Record<string, string> = {
    Name: t`Department name (Chinese)`,
    NameEn: t`Department name (English, optional)`,
    ParentId: t`Parent department`,
  }
  const shown = (field: string, value: unknown) => {
    const d = field === 'ParentId' ? rows.find((r) => r.Id === value) : undefined
    return d ? departmentPath(d, i18n.locale) : undefined
  }
  return (
    <form
      ref={formRef}
      className="sys-form"
      data-testid="department-form"
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      <label>
        {t`Department name (Chinese)`}
        <input
          name="Name"
          value={v.Name}
          maxLength={50}
          onChange={(e) => set({ Name: e.target.value })}
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
          value={v.NameEn}
          maxLength={50}
          onChange={(e) => set({ NameEn: e.target.value })}
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
          value={v.ParentId ?? ''}
          onChange={(e) => set({ ParentId: e.target.value === '' ? null : Number(e.target.value) })}
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
      {notice((f) => labels[f] ?? f, shown)}
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
