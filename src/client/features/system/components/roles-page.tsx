import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import type { RoleRow } from '#shared/contract/system-roles'
import { PageError } from '#client/components/feedback/page-error'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import { HistoryButton } from '#client/components/history/history-button'
import { roleHistoryFields } from '../history-fields.ts'
import { useAdminMenu } from '../api/get-admin-menu.ts'
import { useRoles } from '../api/get-roles.ts'
import { checkRows } from '../menu-checks.ts'
import { RoleForm } from './role-form.tsx'
import { useOpenRecord } from '../use-open-record.ts'
import './system.css'

/**
 * /system/role (admin): the roles as cards; a role opens in a sheet with its names, abilities,
 * the menu entries (screens) it holds and its grid permission strings. A change applies to the
 * role's users on their next request and menu load.
 */
export function RolesPage() {
  const { t, i18n } = useLingui()
  const roles = useRoles()
  const menu = useAdminMenu()
  const rows = useMemo(() => checkRows(menu.data ?? []), [menu.data])
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null)
  const open = useOpenRecord({
    recordType: 'Role',
    rows: roles.data,
    keyOf: (r) => r.Code,
    opened: editing === 'new' || editing === null ? undefined : editing,
    refetch: roles.refetch,
  })

  const failed = roles.error ?? menu.error
  if (failed && !roles.data) return <PageError error={failed} reset={() => void roles.refetch()} />
  const menuTitle = (id: unknown) => {
    const row = rows.find((x) => x.id === Number(id))
    return row ? (i18n.locale === 'zh' && row.titleZh ? row.titleZh : row.title) : String(id)
  }
  const entries = (r: RoleRow) =>
    rows.filter((row) => row.childIds.length === 0 && !row.open && r.MenuIds.includes(row.id))
      .length

  return (
    <section className="sys-page" data-testid="roles-page">
      <h1>
        <Trans>Roles</Trans>
      </h1>
      <div className="sys-toolbar">
        <button
          type="button"
          className="is-primary"
          onClick={() => setEditing('new')}
          data-testid="role-new"
        >
          {t`New role`}
        </button>
      </div>
      {roles.isPending ? <p className="sys-state">{t`Loading…`}</p> : null}
      <ul className="sys-cards">
        {(roles.data ?? []).map((r) => (
          <li key={r.Code} className="sys-card" data-testid="role-card" data-code={r.Code}>
            <header>
              <strong>{i18n.locale === 'zh' ? r.Name : r.NameEn}</strong>
              <code>{r.Code}</code>
              {r.Builtin ? <span className="sys-tag">{t`built-in`}</span> : null}
            </header>
            <p className="sys-meta">
              {r.Abilities.join(' · ') || t`no abilities`}
              <br />
              {t`${entries(r)} screens`} ·{' '}
              {plural(r.UserCount, { one: '# user', other: '# users' })} ·{' '}
              {plural(r.Permissions.length, {
                one: '# permission string',
                other: '# permission strings',
              })}
            </p>
            <footer>
              <button type="button" onClick={() => setEditing(r)} data-testid="role-edit">
                {t`Edit`}
              </button>
              <HistoryButton
                recordType="Role"
                recordId={r.Code}
                fields={() => roleHistoryFields(menuTitle)}
                className="sys-history"
                testId="role-history"
              />
            </footer>
          </li>
        ))}
      </ul>
      <ResponsiveSheet
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t`New role` : t`Role ${editing?.Code ?? ''}`}
        testId="role-sheet"
      >
        {editing !== null && menu.data ? (
          <RoleForm
            key={`${editing === 'new' ? '' : editing.Code}-${open.round}`}
            role={open.record}
            rows={rows}
            onDone={() => setEditing(null)}
            onReload={open.reload}
          />
        ) : null}
      </ResponsiveSheet>
    </section>
  )
}
