import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { versionOf } from '#client/lib/row-version'
import { Dialog } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { useMemo, useState } from 'react'
import type { DepartmentRow } from '#shared/contract/system-departments'
import { PageError } from '#client/components/feedback/page-error'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import { HistoryButton } from '#client/components/history/history-button'
import { departmentHistoryFields } from '../history-fields.ts'
import { departmentsKey, useDepartments } from '../api/get-departments.ts'
import { useSystemSave } from '../api/post-system-save.ts'
import {
  departmentName,
  departmentNodes,
  reorder,
  type DepartmentNode,
} from '../department-tree.ts'
import { errorLine } from '../field-errors.ts'
import { DepartmentForm } from './department-form.tsx'
import { useOpenRecord } from '../use-open-record.ts'
import './system.css'

type Editing = { item: DepartmentRow | undefined; parentId: number | null } | null

/**
 * /system/department (admin): the department tree. Add, rename, move (sheet), reorder by
 * dragging a department onto a sibling (desktop) or with the up/down buttons (phones), and
 * delete an empty one.
 */
export function DepartmentsPage() {
  const { t, i18n } = useLingui()
  const list = useDepartments()
  const nodes = useMemo(() => departmentNodes(list.data ?? []), [list.data])
  const [editing, setEditing] = useState<Editing>(null)
  const open = useOpenRecord({
    recordType: 'Department',
    rows: list.data,
    keyOf: (d) => d.Id,
    opened: editing?.item,
    refetch: list.refetch,
  })
  const [dragged, setDragged] = useState<DepartmentNode | null>(null)
  const { save, isPending } = useSystemSave('SaveDepartment', [departmentsKey])

  if (list.isError && !list.data)
    return <PageError error={list.error} reset={() => void list.refetch()} />
  const run = async (postData: Parameters<typeof save>[0]) => {
    try {
      await save(postData)
      Toast.show({ icon: 'success', content: t`Saved` })
    } catch (e) {
      Toast.show({
        icon: 'fail',
        content: errorLine(e, t`The changes could not be saved`),
        duration: 3000,
      })
    }
  }
  const move = (n: DepartmentNode, to: number) => {
    const updates = reorder(n.siblings, n.index, to)
    if (updates.length > 0) void run({ updateRecords: updates })
  }
  const remove = async (n: DepartmentNode) => {
    const ok = await Dialog.confirm({
      title: t`Warm tip`,
      content: t`Delete the department ${departmentName(n, i18n.locale)}?`,
      confirmText: t`OK`,
      cancelText: t`Cancel`,
    })
    if (ok) await run({ removeRecords: [{ Id: n.Id, ...versionOf(n) }] })
  }
  const date = (s: string) =>
    new Date(s).toLocaleDateString(i18n.locale === 'zh' ? 'zh-CN' : 'en-GB')

  return (
    <section className="sys-page" data-testid="departments-page">
      <h1>
        <Trans>Departments</Trans>
      </h1>
      <div className="sys-toolbar">
        <button
          type="button"
          className="is-primary"
          onClick={() => setEditing({ item: undefined, parentId: null })}
          data-testid="department-new"
        >
          {t`New department`}
        </button>
      </div>
      {list.isPending ? <p className="sys-state">{t`Loading…`}</p> : null}
      {list.data?.length === 0 ? <p className="sys-state">{t`No departments yet.`}</p> : null}
      <ul className="sys-tree">
        {nodes.map((n) => (
          <li
            key={n.Id}
            className={`sys-tree-row${dragged?.Id === n.Id ? ' is-dragged' : ''}`}
            style={{ paddingInlineStart: `${8 + n.depth * 20}px` }}
            data-testid="department-row"
            data-name={n.Name}
            draggable
            onDragStart={(e) => (setDragged(n), e.dataTransfer.setData('text/plain', String(n.Id)))}
            onDragEnd={() => setDragged(null)}
            onDragOver={(e) => {
              if (dragged && dragged.ParentId === n.ParentId && dragged.Id !== n.Id)
                e.preventDefault()
            }}
            onDrop={(e) => {
              e.preventDefault()
              if (dragged && dragged.ParentId === n.ParentId) move(dragged, n.index)
              setDragged(null)
            }}
          >
            <div className="sys-tree-text">
              <strong>{departmentName(n, i18n.locale)}</strong>
              <small>
                {plural(n.UserCount, { one: '# user', other: '# users' })} ·{' '}
                {date(n.CreateTimeString)}
              </small>
            </div>
            <div className="sys-tree-actions">
              <button
                type="button"
                aria-label={t`Move up`}
                disabled={isPending || n.index === 0}
                onClick={() => move(n, n.index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={t`Move down`}
                disabled={isPending || n.index === n.siblings.length - 1}
                onClick={() => move(n, n.index + 1)}
              >
                ↓
              </button>
              <button
                type="button"
                aria-label={t`Add a sub-department`}
                onClick={() => setEditing({ item: undefined, parentId: n.Id })}
              >
                +
              </button>
              <button
                type="button"
                onClick={() => setEditing({ item: n, parentId: n.ParentId })}
                data-testid="department-edit"
              >
                {t`Edit`}
              </button>
              <button
                type="button"
                className="is-danger"
                aria-label={t`Delete`}
                title={
                  n.hasChildren || n.UserCount > 0
                    ? t`Only an empty department can be deleted`
                    : undefined
                }
                disabled={isPending || n.hasChildren || n.UserCount > 0}
                onClick={() => void remove(n)}
              >
                ×
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ResponsiveSheet
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.item
            ? t`Department ${departmentName(editing.item, i18n.locale)}`
            : t`New department`
        }
        testId="department-sheet"
      >
        {editing?.item ? (
          <HistoryButton
            recordType="Department"
            recordId={editing.item.Id}
            fields={() =>
              departmentHistoryFields((id) => {
                const d = list.data?.find((x) => x.Id === Number(id))
                return d ? departmentName(d, i18n.locale) : String(id)
              })
            }
            className="sys-history"
            testId="department-history"
          />
        ) : null}
        {editing ? (
          <DepartmentForm
            key={`${editing.item?.Id ?? `new-${editing.parentId}`}-${open.round}`}
            item={open.record}
            parentId={editing.parentId}
            rows={list.data ?? []}
            onDone={() => setEditing(null)}
            onReload={open.reload}
          />
        ) : null}
      </ResponsiveSheet>
    </section>
  )
}
