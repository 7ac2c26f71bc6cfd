import { useLingui } from '@lingui/react/macro'
import { Dialog } from 'antd-mobile'
import { abilityCodes, adminRoleCode, type RoleRow } from '#shared/contract/system-roles'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import { rolesKey } from '../api/get-roles.ts'
import { useRecordForm } from '../use-record-form.ts'
import type { CheckRow } from '../menu-checks.ts'
import { DerivedHiddenNote } from './derived-hidden-note.tsx'
import { MenuChecklist } from './menu-checklist.tsx'

type Props = {
  /** the role as the list reads it now (undefined: a new one) */
  role: RoleRow | undefined
  rows: readonly CheckRow[]
  onDone: () => void
  /** Take theirs after a clash: the page reads the role again and opens the form anew */
  onReload?: () => void
}

/** Creates or edits one role: code, names, abilities, menu entries and grid permission strings. */
export function RoleForm({ role, rows, onDone, onReload }: Props) {
  const { t } = useLingui()
  const isAdmin = role?.Code === adminRoleCode
  const {
    values: v,
    set,
    errors,
    dirty,
    formRef,
    notice,
    isPending,
    ...form
  } = useRecordForm({
    postUrl: 'SaveRole',
    refresh: [rolesKey],
    initial: {
      Code: role?.Code ?? '',
      Name: role?.Name ?? '',
      NameEn: role?.NameEn ?? '',
      Abilities: abilityCodes.filter((a) => (role?.Abilities ?? ['READ']).includes(a)),
      MenuIds: [...(role?.MenuIds ?? [])].sort((a, b) => a - b),
      Permissions: (role?.Permissions ?? []).join('\n'),
    },
    record: role,
    onDone,
    onReload,
  })
  useUnsavedWork(dirty)
  const held = new Set(v.MenuIds)

  const record = {
    Code: v.Code.trim(),
    Name: v.Name,
    NameEn: v.NameEn,
    Abilities: v.Abilities,
    Permissions: v.Permissions.split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
    ...(isAdmin ? {} : { MenuIds: v.MenuIds }),
  }
  const submit = () =>
    form.submit((version) =>
      role ? { updateRecords: [{ ...record, RowVersion: version }] } : { insertRecords: [record] },
    )
  const remove = async () => {
    if (!role) return
    const ok = await Dialog.confirm({
      title: t`Warm tip`,
      content: t`Remove the role ${role.Code}?`,
      confirmText: t`OK`,
      cancelText: t`Cancel`,
    })
    if (!ok) return
    await form.submit(
      (version) => ({ removeRecords: [{ Code: role.Code, RowVersion: version }] }),
      t`Removed`,
      t`The role could not be removed`,
    )
  }
  const labels: Record<string, string> = {
    Name: t`Name (Chinese)`,
    NameEn: t`Name (English)`,
    Abilities: t`Abilities`,
    MenuIds: t`Menu entries`,
    Permissions: t`Permission strings`,
  }
  const err = (field: string) =>
    errors[field] ? (
      <span className="sys-error" role="alert">
        {errors[field]}
      </span>
    ) : null

  return (
    <form
      ref={formRef}
      className="sys-form"
      data-testid="role-form"
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      {isAdmin ? (
        <p className="sys-note">{t`The built-in admin role keeps every menu entry and ability; it cannot be removed.`}</p>
      ) : null}
      <label>
        {t`Code`}
        <input
          name="Code"
          value={v.Code}
          disabled={role !== undefined}
          onChange={(e) => set({ Code: e.target.value })}
          placeholder="qc"
        />
        {err('Code')}
      </label>
      <label>
        {t`Name (Chinese)`}
        <input
          name="Name"
          value={v.Name}
          maxLength={32}
          onChange={(e) => set({ Name: e.target.value })}
        />
        {err('Name')}
      </label>
      <label>
        {t`Name (English)`}
        <input
          name="NameEn"
          value={v.NameEn}
          maxLength={64}
          onChange={(e) => set({ NameEn: e.target.value })}
        />
        {err('NameEn')}
      </label>
      <fieldset>
        <legend>{t`Abilities`}</legend>
        <div className="sys-chips">
          {abilityCodes.map((a) => (
            <label key={a} className="sys-chip">
              <input
                type="checkbox"
                checked={v.Abilities.includes(a)}
                disabled={isAdmin && (role?.Abilities ?? []).includes(a)}
                onChange={(e) =>
                  set({
                    Abilities: abilityCodes.filter((x) =>
                      x === a ? e.target.checked : v.Abilities.includes(x),
                    ),
                  })
                }
                name="ability"
                value={a}
              />
              {a}
            </label>
          ))}
        </div>
        {err('Abilities')}
      </fieldset>
      <fieldset>
        <legend>{t`Menu entries`}</legend>
        <MenuChecklist
          rows={rows}
          held={held}
          onChange={(next) => set({ MenuIds: [...next].sort((a, b) => a - b) })}
          locked={isAdmin}
        />
        {err('MenuIds')}
      </fieldset>
      <label>
        {t`Permission strings (one per line, e.g. button-add-show-false or column-UnitPrice-show-false)`}
        <textarea
          name="Permissions"
          rows={4}
          value={v.Permissions}
          onChange={(e) => set({ Permissions: e.target.value })}
        />
        {err('Permissions')}
      </label>
      <DerivedHiddenNote strings={record.Permissions} />
      {notice((f) => labels[f] ?? f)}
      <div className="sys-actions">
        <button type="submit" className="is-primary" disabled={isPending} data-testid="role-save">
          {t`Save`}
        </button>
        {role && !isAdmin ? (
          <button
            type="button"
            className="is-danger"
            disabled={isPending}
            onClick={() => void remove()}
            data-testid="role-remove"
          >
            {t`Remove`}
          </button>
        ) : null}
      </div>
    </form>
  )
}
