import { useLingui } from '@lingui/react/macro'
import type { DepartmentRow } from '#shared/contract/system-departments'
import type { RoleRow } from '#shared/contract/system-roles'
import type { UserRow } from '#shared/contract/system-users'
import { usersKey } from '../api/get-users.ts'
import { departmentPath } from '../department-tree.ts'
import { useRecordForm } from '../use-record-form.ts'

type Props = {
  /** the account as the list reads it now (undefined: a new one) */
  user: UserRow | undefined
  roles: readonly RoleRow[]
  departments: readonly DepartmentRow[]
  onDone: () => void
  /** Take theirs after a clash: the page reads the account again and opens the form anew */
  onReload?: () => void
}

/** Creates an account (it must change the given password at first sign-in) or edits one. */
export function UserForm({ user, roles, departments, onDone, onReload }: Props) {
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
    postUrl: 'SaveUser',
    refresh: [usersKey],
    initial: {
      LoginName: user?.LoginName ?? '',
      RealName: user?.RealName ?? '',
      Mobile: user?.Mobile ?? '',
      Email: user?.Email ?? '',
      Role: user?.Role ?? 'staff',
      DepartmentId: user?.DepartmentId ?? null,
      Ban: user?.Ban ?? false,
      Password: '',
    },
    record: user,
    onDone,
    onReload,
  })
  const submit = () =>
    form.submit((version) => {
      const { LoginName, Password, Ban, ...common } = v
      return user
        ? { updateRecords: [{ Id: user.Id, ...common, Ban, RowVersion: version }] }
        : { insertRecords: [{ LoginName, Password, ...common }] }
    })
  const labels: Record<string, string> = {
    RealName: t`Real name`,
    Mobile: t`Mobile`,
    Email: t`E-mail`,
    Role: t`Role`,
    DepartmentId: t`Department`,
    Ban: t`Banned (cannot sign in)`,
  }
  const shown = (field: string, value: unknown) => {
    if (field === 'Role') {
      const r = roles.find((x) => x.Code === value)
      if (r) return i18n.locale === 'zh' ? r.Name : r.NameEn
    }
    if (field === 'DepartmentId') {
      const d = departments.find((x) => x.Id === value)
      if (d) return departmentPath(d, i18n.locale)
    }
    return undefined
  }
  const err = (f: string) =>
    errors[f] ? (
      <span className="sys-error" role="alert">
        {errors[f]}
      </span>
    ) : null
  return (
    <form
      ref={formRef}
      className="sys-form"
      data-testid="user-form"
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      <label>
        {t`User name`}
        <input
          name="LoginName"
          value={v.LoginName}
          disabled={user !== undefined}
          autoComplete="off"
          onChange={(e) => set({ LoginName: e.target.value })}
        />
        {err('LoginName')}
      </label>
      <label>
        {t`Real name`}
        <input
          name="RealName"
          value={v.RealName}
          maxLength={50}
          onChange={(e) => set({ RealName: e.target.value })}
        />
        {err('RealName')}
      </label>
      <label>
        {t`Mobile`}
        <input
          name="Mobile"
          inputMode="numeric"
          value={v.Mobile}
          onChange={(e) => set({ Mobile: e.target.value })}
        />
        {err('Mobile')}
      </label>
      <label>
        {t`E-mail`}
        <input
          name="Email"
          type="email"
          value={v.Email}
          onChange={(e) => set({ Email: e.target.value })}
        />
        {err('Email')}
      </label>
      <label>
        {t`Role`}
        <select name="Role" value={v.Role} onChange={(e) => set({ Role: e.target.value })}>
          <option value="">{t`(no role)`}</option>
          {roles.map((r) => (
            <option key={r.Code} value={r.Code}>
              {i18n.locale === 'zh' ? r.Name : r.NameEn} ({r.Code})
            </option>
          ))}
        </select>
        {err('Role')}
      </label>
      <label>
        {t`Department`}
        <select
          name="DepartmentId"
          value={v.DepartmentId ?? ''}
          onChange={(e) =>
            set({ DepartmentId: e.target.value === '' ? null : Number(e.target.value) })
          }
        >
          <option value="">{t`(none)`}</option>
          {departments.map((d) => (
            <option key={d.Id} value={d.Id}>
              {departmentPath(d, i18n.locale)}
            </option>
          ))}
        </select>
        {err('DepartmentId')}
      </label>
      {user ? (
        <label className="sys-chip">
          <input
            type="checkbox"
            name="Ban"
            checked={v.Ban}
            onChange={(e) => set({ Ban: e.target.checked })}
          />
          {t`Banned (cannot sign in)`}
          {err('Ban')}
        </label>
      ) : (
        <label>
          {t`Initial password (at least 8 characters; changed at first sign-in)`}
          <input
            name="Password"
            type="text"
            autoComplete="new-password"
            value={v.Password}
            onChange={(e) => set({ Password: e.target.value })}
          />
          {err('Password')}
        </label>
      )}
      {notice((f) => labels[f] ?? f, shown)}
      <div className="sys-actions">
        <button type="submit" className="is-primary" disabled={isPending} data-testid="user-save">
          {t`Save`}
        </button>
      </div>
    </form>
  )
}
