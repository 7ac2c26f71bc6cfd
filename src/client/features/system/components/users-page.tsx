import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { UserRow } from '#shared/contract/system-users'
import { PageError } from '#client/components/feedback/page-error'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import { HistoryButton } from '#client/components/history/history-button'
import { userHistoryFields } from '../history-fields.ts'
import { useDepartments } from '../api/get-departments.ts'
import { departmentName } from '../department-tree.ts'
import { useRoles } from '../api/get-roles.ts'
import { useUsers, type UserFilter } from '../api/get-users.ts'
import { Pager } from './pager.tsx'
import { ResetPasswordForm } from './reset-password-form.tsx'
import { UserForm } from './user-form.tsx'
import { useOpenRecord } from '../use-open-record.ts'
import './system.css'

type Sheet = { kind: 'edit'; user: UserRow | undefined } | { kind: 'reset'; user: UserRow } | null
const pageSize = 20

/**
 * /system/user (admin): accounts as cards, searched and filtered by role, department and ban;
 * create, edit role, department and ban, reset a password (changed at next sign-in).
 */
export function UsersPage() {
  const { t, i18n } = useLingui()
  const [draft, setDraft] = useState('')
  const [filter, setFilter] = useState<UserFilter>({ pageIndex: 1, pageSize })
  const users = useUsers(filter)
  const roles = useRoles()
  const departments = useDepartments()
  const [sheet, setSheet] = useState<Sheet>(null)
  const open = useOpenRecord({
    recordType: 'User',
    rows: users.data?.result,
    keyOf: (u) => u.Id,
    opened: sheet?.kind === 'edit' ? sheet.user : undefined,
    refetch: users.refetch,
  })
  const roleName = (code: string) => {
    const r = roles.data?.find((x) => x.Code === code)
    return r ? (i18n.locale === 'zh' ? r.Name : r.NameEn) : code || t`(no role)`
  }
  const departmentOf = (id: unknown) => {
    const d = departments.data?.find((x) => x.Id === Number(id))
    return d ? departmentName(d, i18n.locale) : String(id)
  }
  const set = (patch: Partial<UserFilter>) =>
    setFilter((f) => ({ ...f, ...patch, pageIndex: patch.pageIndex ?? 1 }))

  if (users.isError && !users.data)
    return <PageError error={users.error} reset={() => void users.refetch()} />
  return (
    <section className="sys-page" data-testid="users-page">
      <h1>
        <Trans>Users</Trans>
      </h1>
      <form
        className="sys-toolbar sys-filters"
        onSubmit={(e) => (e.preventDefault(), set({ keyword: draft.trim() || undefined }))}
      >
        <input
          name="keyword"
          type="search"
          placeholder={t`User name, name, mobile or e-mail`}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <select
          name="role"
          aria-label={t`Role`}
          value={filter.role ?? ''}
          onChange={(e) => set({ role: e.target.value || undefined })}
        >
          <option value="">{t`All roles`}</option>
          {(roles.data ?? []).map((r) => (
            <option key={r.Code} value={r.Code}>
              {roleName(r.Code)}
            </option>
          ))}
        </select>
        <select
          name="departmentId"
          aria-label={t`Department`}
          value={filter.departmentId ?? ''}
          onChange={(e) =>
            set({ departmentId: e.target.value ? Number(e.target.value) : undefined })
          }
        >
          <option value="">{t`All departments`}</option>
          {(departments.data ?? []).map((d) => (
            <option key={d.Id} value={d.Id}>
              {departmentName(d, i18n.locale)}
            </option>
          ))}
        </select>
        <select
          name="ban"
          aria-label={t`Banned`}
          value={filter.ban === undefined ? '' : String(filter.ban)}
          onChange={(e) =>
            set({ ban: e.target.value === '' ? undefined : e.target.value === 'true' })
          }
        >
          <option value="">{t`Banned or not`}</option>
          <option value="false">{t`Active`}</option>
          <option value="true">{t`Banned`}</option>
        </select>
        <button type="submit">{t`Search`}</button>
        <button
          type="button"
          className="is-primary"
          onClick={() => setSheet({ kind: 'edit', user: undefined })}
          data-testid="user-new"
        >
          {t`New user`}
        </button>
      </form>
      {users.isPending ? <p className="sys-state">{t`Loading…`}</p> : null}
      <ul className="sys-cards">
        {(users.data?.result ?? []).map((u) => (
          <li key={u.Id} className="sys-card" data-testid="user-card" data-login={u.LoginName}>
            <header>
              <strong>{u.RealName || u.LoginName}</strong>
              <code>{u.LoginName}</code>
              {u.Ban ? <span className="sys-tag is-bad">{t`Banned`}</span> : null}
              {u.MustChangePassword ? (
                <span className="sys-tag">{t`must change password`}</span>
              ) : null}
            </header>
            <p className="sys-meta">
              {roleName(u.Role)} ·{' '}
              {u.DepartmentName
                ? departmentName(
                    { Name: u.DepartmentName, NameEn: u.DepartmentNameEn },
                    i18n.locale,
                  )
                : t`no department`}
              {u.Mobile ? ` · ${u.Mobile}` : ''}
              {u.Email ? ` · ${u.Email}` : ''}
            </p>
            <footer>
              <button
                type="button"
                onClick={() => setSheet({ kind: 'reset', user: u })}
                data-testid="user-reset"
              >
                {t`Reset password`}
              </button>
              <button
                type="button"
                onClick={() => setSheet({ kind: 'edit', user: u })}
                data-testid="user-edit"
              >
                {t`Edit`}
              </button>
              <HistoryButton
                recordType="User"
                recordId={u.Id}
                fields={() => userHistoryFields((v) => roleName(String(v)), departmentOf)}
                className="sys-history"
                testId="user-history"
              />
            </footer>
          </li>
        ))}
      </ul>
      {users.data?.total === 0 ? <p className="sys-state">{t`Nothing matches.`}</p> : null}
      {users.data ? (
        <Pager
          pageIndex={filter.pageIndex}
          pageSize={pageSize}
          total={users.data.total}
          onPage={(n) => set({ pageIndex: n })}
        />
      ) : null}
      <ResponsiveSheet
        open={sheet !== null}
        onClose={() => setSheet(null)}
        title={
          sheet?.kind === 'reset'
            ? t`Reset the password of ${sheet.user.LoginName}`
            : sheet?.user
              ? t`User ${sheet.user.LoginName}`
              : t`New user`
        }
        testId="user-sheet"
      >
        {sheet?.kind === 'edit' ? (
          <UserForm
            key={`${sheet.user?.Id ?? 'new'}-${open.round}`}
            user={open.record}
            roles={roles.data ?? []}
            departments={departments.data ?? []}
            onDone={() => setSheet(null)}
            onReload={open.reload}
          />
        ) : sheet?.kind === 'reset' ? (
          <ResetPasswordForm user={sheet.user} onDone={() => setSheet(null)} />
        ) : null}
      </ResponsiveSheet>
    </section>
  )
}
