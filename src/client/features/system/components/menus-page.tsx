import { Trans, useLingui } from '@lingui/react/macro'
import { versionOf } from '#client/lib/row-version'
import { Dialog } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { useMemo, useState } from 'react'
import type { MenuItem } from '#shared/contract/menu'
import { groupComponent } from '#shared/staff-screens'
import { PageError } from '#client/components/feedback/page-error'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import { HistoryButton } from '#client/components/history/history-button'
import { menuHistoryFields } from '../history-fields.ts'
import { adminMenuKey, useAdminMenu } from '../api/get-admin-menu.ts'
import { useSystemSave } from '../api/post-system-save.ts'
import { errorLine } from '../field-errors.ts'
import { MenuForm, type MenuGroupChoice } from './menu-form.tsx'
import { UploadSettingsForm } from './upload-settings-form.tsx'
import { useOpenRecord } from '../use-open-record.ts'
import './system.css'

type Row = {
  item: MenuItem
  depth: number
  parentId: number | null
  siblings: MenuItem[]
  index: number
}

function flatten(items: MenuItem[], depth = 0, parentId: number | null = null): Row[] {
  return items.flatMap((item, index) => [
    { item, depth, parentId, siblings: items, index },
    ...flatten(item.children ?? [], depth + 1, item.id ?? null),
  ])
}

type Editing = { item: MenuItem | undefined; parentId: number | null } | null

/**
 * /system/menu (admin): the tree `Menu/GetUserMenuList` serves, with every route field. Entries
 * move up and down among their siblings; a sheet edits one; the server refuses an entry that
 * would not open (unknown screen or component).
 */
export function MenusPage() {
  const { t, i18n } = useLingui()
  const menu = useAdminMenu()
  const rows = useMemo(() => flatten(menu.data ?? []), [menu.data])
  const groups: MenuGroupChoice[] = rows
    .filter((r) => r.item.component === groupComponent && r.item.id)
    .map((r) => ({
      id: r.item.id!,
      label: `${'— '.repeat(r.depth)}${titleOf(r.item)} (${r.item.path})`,
    }))
  const [editing, setEditing] = useState<Editing>(null)
  const items = useMemo(() => rows.map((r) => r.item), [rows])
  const open = useOpenRecord({
    recordType: 'Menu',
    rows: items,
    keyOf: (m) => m.id,
    opened: editing?.item,
    refetch: menu.refetch,
  })
  const { save, isPending } = useSystemSave('SaveMenu', [adminMenuKey])

  function titleOf(item: MenuItem) {
    return i18n.locale === 'zh' && item.meta.titleZh ? item.meta.titleZh : item.meta.title
  }
  if (menu.isError && !menu.data)
    return <PageError error={menu.error} reset={() => void menu.refetch()} />

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
  const move = (r: Row, by: -1 | 1) => {
    const order = [...r.siblings]
    const [it] = order.splice(r.index, 1)
    order.splice(r.index + by, 0, it!)
    void run({ updateRecords: order.map((s, i) => ({ Id: s.id, Sort: (i + 1) * 10 })) })
  }
  const remove = async (item: MenuItem) => {
    const ok = await Dialog.confirm({
      title: t`Warm tip`,
      content: t`Remove the menu entry ${titleOf(item)}?`,
      confirmText: t`OK`,
      cancelText: t`Cancel`,
    })
    if (ok) await run({ removeRecords: [{ Id: item.id, ...versionOf(item) }] })
  }

  return (
    <section className="sys-page" data-testid="menus-page">
      <h1>
        <Trans>Menus</Trans>
      </h1>
      <div className="sys-toolbar">
        <button
          type="button"
          className="is-primary"
          onClick={() => setEditing({ item: undefined, parentId: null })}
          data-testid="menu-new"
        >
          {t`New entry`}
        </button>
      </div>
      {menu.isPending ? <p className="sys-state">{t`Loading…`}</p> : null}
      <ul className="sys-tree">
        {rows.map((r) => {
          const isGroup = r.item.component === groupComponent
          return (
            <li
              key={r.item.id}
              className="sys-tree-row"
              style={{ paddingInlineStart: `${8 + r.depth * 18}px` }}
              data-testid="menu-row"
              data-path={r.item.path}
            >
              <div className="sys-tree-text">
                <strong>{titleOf(r.item)}</strong>
                <small>
                  {r.item.path} · {r.item.component}
                </small>
                <span className="sys-flags">
                  {r.item.permission === null ? <em>{t`every signed-in user`}</em> : null}
                  {r.item.hidden ? <em>{t`hidden`}</em> : null}
                  {r.item.menuHidden ? <em>{t`replaced by its children`}</em> : null}
                </span>
              </div>
              <div className="sys-tree-actions">
                <button
                  type="button"
                  aria-label={t`Move up`}
                  disabled={isPending || r.index === 0}
                  onClick={() => move(r, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={t`Move down`}
                  disabled={isPending || r.index === r.siblings.length - 1}
                  onClick={() => move(r, 1)}
                >
                  ↓
                </button>
                {isGroup ? (
                  <button
                    type="button"
                    aria-label={t`Add an entry to this group`}
                    onClick={() => setEditing({ item: undefined, parentId: r.item.id ?? null })}
                  >
                    +
                  </button>
                ) : null}
                <button
                  type="button"
                  onClick={() => setEditing({ item: r.item, parentId: r.parentId })}
                  data-testid="menu-edit"
                >
                  {t`Edit`}
                </button>
                <button
                  type="button"
                  className="is-danger"
                  aria-label={t`Remove`}
                  disabled={isPending}
                  onClick={() => void remove(r.item)}
                >
                  ×
                </button>
              </div>
            </li>
          )
        })}
      </ul>
      <ResponsiveSheet
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.item ? t`Menu entry ${editing.item.path}` : t`New entry`}
        testId="menu-sheet"
      >
        {editing?.item?.id ? (
          <HistoryButton
            recordType="Menu"
            recordId={editing.item.id}
            fields={() =>
              menuHistoryFields((id) => {
                const r = rows.find((x) => x.item.id === Number(id))
                return r ? titleOf(r.item) : String(id)
              })
            }
            className="sys-history"
            testId="menu-history"
          />
        ) : null}
        {editing ? (
          <MenuForm
            key={`${editing.item?.id ?? `new-${editing.parentId}`}-${open.round}`}
            item={open.record}
            parentId={editing.parentId}
            groups={groups}
            onDone={() => setEditing(null)}
            onReload={open.reload}
          />
        ) : null}
      </ResponsiveSheet>
      <UploadSettingsForm />
    </section>
  )
}
