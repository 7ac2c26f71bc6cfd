import { useLingui } from '@lingui/react/macro'
import { versionOf } from '#client/lib/row-version'
import { Dialog } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { useState } from 'react'
import { abilityCodes, adminRoleCode, type RoleRow } from '#shared/contract/system-roles'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import { rolesKey } from '../api/get-roles.ts'
import { useSystemSave } from '../api/post-system-save.ts'
import { errorLine, recordErrors } from '../field-errors.ts'
import { useFocusFirstError } from '#client/components/form/focus-first-error'
import type { CheckRow } from '../menu-checks.ts'
import { DerivedHiddenNote } from './derived-hidden-note.tsx'
import { MenuChecklist } from './menu-checklist.tsx'

type Props = { role: RoleRow | undefined; rows: readonly CheckRow[]; onDone: () => void }

/** Creates or edits one role: code, names, abilities, menu entries and grid permission strings. */
export function RoleForm({ role, rows, onDone }: Props) {
  const { t } = useLingui()
  const isAdmin = role?.Code === adminRoleCode
  const [code, setCode] = useState(role?.Code ?? '')
  const [name, setName] = useState(role?.Name ?? '')
  const [nameEn, setNameEn] = useState(role?.NameEn ?? '')
  const [abilities, setAbilities] = useState<Set<string>>(new Set(role?.Abilities ?? ['READ']))
  const [held, setHeld] = useState<Set<number>>(new Set(role?.MenuIds ?? []))
  const [permissions, setPermissions] = useState((role?.Permissions ?? []).join('\n'))
  const [errors, setErrors] = useState<Record<string, string>>({})
  /** the version the form opened on: sent with the save (DESIGN §11) */
  const [base] = useState(() => versionOf(role))
  const { ref, focusErrors } = useFocusFirstError<HTMLFormElement>()
  const [dirty, setDirty] = useState(false)
  const { save, isPending } = useSystemSave('SaveRole', [rolesKey])
  useUnsavedWork(dirty)
  const touch =
    <T,>(set: (v: T) => void) =>
    (v: T) => (setDirty(true), set(v))

  const record = {
    Code: code.trim(),
    Name: name,
    NameEn: nameEn,
    Abilities: abilityCodes.filter((a) => abilities.has(a)),
    Permissions: permissions
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
    ...(isAdmin ? {} : { MenuIds: [...held] }),
  }
  const submit = async () => {
    try {
      await save(role ? { updateRecords: [{ ...record, ...base }] } : { insertRecords: [record] })
      setDirty(false)
      Toast.show({ icon: 'success', content: t`Saved`, duration: 3000 })
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
  const remove = async () => {
    if (!role) return
    const ok = await Dialog.confirm({
      title: t`Warm tip`,
      content: t`Remove the role ${role.Code}?`,
      confirmText: t`OK`,
      cancelText: t`Cancel`,
    })
    if (!ok) return
    try {
      await save({ removeRecords: [{ Code: role.Code, ...base }] })
      setDirty(false)
      Toast.show({ icon: 'success', content: t`Removed`, duration: 3000 })
      onDone()
    } catch (e) {
      Toast.show({
        icon: 'fail',
        content: errorLine(e, t`The role could not be removed`),
        duration: 3000,
      })
    }
  }
  const err = (field: string) =>
    errors[field] ? (
      <span className="sys-error" role="alert">
        {errors[field]}
      </span>
    ) : null

  return (
    <form
      ref={ref}
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
          value={code}
          disabled={role !== undefined}
          onChange={(e) => touch(setCode)(e.target.value)}
          placeholder="qc"
        />
        {err('Code')}
      </label>
      <label>
        {t`Name (Chinese)`}
        <input
          name="Name"
          value={name}
          maxLength={32}
          onChange={(e) => touch(setName)(e.target.value)}
        />
        {err('Name')}
      </label>
      <label>
        {t`Name (English)`}
        <input
          name="NameEn"
          value={nameEn}
          maxLength={64}
          onChange={(e) => touch(setNameEn)(e.target.value)}
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
                checked={abilities.has(a)}
                disabled={isAdmin && (role?.Abilities ?? []).includes(a)}
                onChange={(e) => {
                  const next = new Set(abilities)
                  if (e.target.checked) next.add(a)
                  else next.delete(a)
                  touch(setAbilities)(next)
                }}
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
        <MenuChecklist rows={rows} held={held} onChange={touch(setHeld)} locked={isAdmin} />
        {err('MenuIds')}
      </fieldset>
      <label>
        {t`Permission strings (one per line, e.g. button-add-show-false or column-UnitPrice-show-false)`}
        <textarea
          name="Permissions"
          rows={4}
          value={permissions}
          onChange={(e) => touch(setPermissions)(e.target.value)}
        />
        {err('Permissions')}
      </label>
      <DerivedHiddenNote strings={record.Permissions} />
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
