import { useLingui } from '@lingui/react/macro'
import { versionOf } from '#client/lib/row-version'
import { Toast } from '#client/components/feedback/toast'
import { useState } from 'react'
import type { MenuItem } from '#shared/contract/menu'
import { componentOf, groupComponent, staffScreens, type StaffScreen } from '#shared/staff-screens'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import { adminMenuKey } from '../api/get-admin-menu.ts'
import { useSystemSave } from '../api/post-system-save.ts'
import { errorLine, recordErrors } from '../field-errors.ts'
import { useFocusFirstError } from '#client/components/form/focus-first-error'

export type MenuGroupChoice = { id: number; label: string }
type Props = {
  item: MenuItem | undefined
  parentId: number | null
  groups: readonly MenuGroupChoice[]
  onDone: () => void
}

type Flags =
  | 'Hidden'
  | 'AlwaysShow'
  | 'MenuHidden'
  | 'Open'
  | 'dot'
  | 'noClosable'
  | 'noKeepAlive'
  | 'tabHidden'

/** Adds or edits one menu entry with every route field of SPEC §3; the server checks them. */
export function MenuForm({ item, parentId, groups, onDone }: Props) {
  const { t } = useLingui()
  const m = item?.meta
  const [kind, setKind] = useState<'group' | 'page'>(
    item && item.component !== groupComponent ? 'page' : item ? 'group' : 'page',
  )
  const [parent, setParent] = useState<number | null>(parentId)
  const [path, setPath] = useState(item?.path ?? '')
  const [name, setName] = useState(item?.name ?? '')
  const [redirect, setRedirect] = useState(item?.redirect ?? '')
  const [meta, setMeta] = useState({
    title: m?.title ?? '',
    titleZh: m?.titleZh ?? '',
    icon: m?.icon ?? '',
    badge: m?.badge === undefined ? '' : String(m.badge),
    target: m?.target ?? '',
    activeMenu: m?.activeMenu ?? '',
  })
  const [flags, setFlags] = useState<Record<Flags, boolean>>({
    Hidden: item?.hidden ?? false,
    AlwaysShow: item?.alwaysShow ?? false,
    MenuHidden: item?.menuHidden ?? false,
    Open: item ? item.permission === null || item.permission === undefined : false,
    dot: m?.dot ?? false,
    noClosable: m?.noClosable ?? false,
    noKeepAlive: m?.noKeepAlive ?? false,
    tabHidden: m?.tabHidden ?? false,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { ref, focusErrors } = useFocusFirstError<HTMLFormElement>()
  const [dirty, setDirty] = useState(false)
  useUnsavedWork(dirty)
  const { save, isPending } = useSystemSave('SaveMenu', [adminMenuKey])
  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => (setDirty(true), set(v))

  /** the version the form opened on: sent with the save (DESIGN §11) */
  const [base] = useState(() => versionOf(item))
  const record = {
    ...(item?.id ? { Id: item.id } : {}),
    ParentId: parent,
    Path: path.trim(),
    Name: name.trim(),
    Component: kind === 'group' ? groupComponent : componentOf(path as StaffScreen),
    Redirect: kind === 'group' ? redirect : '',
    Hidden: flags.Hidden,
    AlwaysShow: flags.AlwaysShow,
    MenuHidden: flags.MenuHidden,
    Open: flags.Open,
    Meta: {
      title: meta.title,
      titleZh: meta.titleZh,
      icon: meta.icon,
      ...(meta.badge !== '' ? { badge: meta.badge } : {}),
      target: meta.target as '' | '_blank',
      activeMenu: meta.activeMenu,
      dot: flags.dot,
      noClosable: flags.noClosable,
      noKeepAlive: flags.noKeepAlive,
      tabHidden: flags.tabHidden,
    },
  }
  const submit = async () => {
    try {
      await save(item ? { updateRecords: [{ ...record, ...base }] } : { insertRecords: [record] })
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
  const err = (field: string) =>
    errors[field] ? (
      <span className="sys-error" role="alert">
        {errors[field]}
      </span>
    ) : null
  const metaErr = (field: string) => err(`Meta.${field}`)
  const flag = (key: Flags, label: string) => (
    <label className="sys-chip" key={key}>
      <input
        type="checkbox"
        name={key}
        checked={flags[key]}
        onChange={(e) => change(setFlags)({ ...flags, [key]: e.target.checked })}
      />
      {label}
    </label>
  )
  const screenOptions = (empty: string) => (
    <>
      <option value="">{empty}</option>
      {staffScreens.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </>
  )

  return (
    <form
      ref={ref}
      className="sys-form"
      data-testid="menu-form"
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      <fieldset>
        <legend>{t`Kind`}</legend>
        <div className="sys-chips">
          <label className="sys-chip">
            <input
              type="radio"
              name="kind"
              checked={kind === 'page'}
              onChange={() => change(setKind)('page')}
            />
            {t`Page`}
          </label>
          <label className="sys-chip">
            <input
              type="radio"
              name="kind"
              checked={kind === 'group'}
              onChange={() => change(setKind)('group')}
            />
            {t`Group`}
          </label>
        </div>
      </fieldset>
      <label>
        {t`Parent group`}
        <select
          name="ParentId"
          value={parent ?? ''}
          onChange={(e) => change(setParent)(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">{t`(top level)`}</option>
          {groups
            .filter((g) => g.id !== item?.id)
            .map((g) => (
              <option key={g.id} value={g.id}>
                {g.label}
              </option>
            ))}
        </select>
        {err('ParentId')}
      </label>
      {kind === 'page' ? (
        <label>
          {t`Screen (path and component)`}
          <select name="Path" value={path} onChange={(e) => change(setPath)(e.target.value)}>
            {screenOptions(t`Choose a screen`)}
          </select>
          {err('Path')}
          {err('Component')}
        </label>
      ) : (
        <>
          <label>
            {t`Path`}
            <input
              name="Path"
              value={path}
              placeholder="/tools"
              onChange={(e) => change(setPath)(e.target.value)}
            />
            {err('Path')}
            {err('Component')}
          </label>
          <label>
            {t`Redirect`}
            <select
              name="Redirect"
              value={redirect}
              onChange={(e) => change(setRedirect)(e.target.value)}
            >
              {screenOptions(t`(first page)`)}
            </select>
            {err('Redirect')}
          </label>
        </>
      )}
      <label>
        {t`Route name`}
        <input
          name="Name"
          value={name}
          placeholder="Tools"
          onChange={(e) => change(setName)(e.target.value)}
        />
        {err('Name')}
      </label>
      <label>
        {t`Title (English)`}
        <input
          name="title"
          value={meta.title}
          onChange={(e) => change(setMeta)({ ...meta, title: e.target.value })}
        />
        {metaErr('title')}
      </label>
      <label>
        {t`Title (Chinese)`}
        <input
          name="titleZh"
          value={meta.titleZh}
          onChange={(e) => change(setMeta)({ ...meta, titleZh: e.target.value })}
        />
        {metaErr('titleZh')}
      </label>
      <label>
        {t`Icon`}
        <input
          name="icon"
          value={meta.icon}
          placeholder="setting"
          onChange={(e) => change(setMeta)({ ...meta, icon: e.target.value })}
        />
        {metaErr('icon')}
      </label>
      <label>
        {t`Badge`}
        <input
          name="badge"
          value={meta.badge}
          maxLength={16}
          onChange={(e) => change(setMeta)({ ...meta, badge: e.target.value })}
        />
        {metaErr('badge')}
      </label>
      <label>
        {t`Highlighted menu entry while open`}
        <select
          name="activeMenu"
          value={meta.activeMenu}
          onChange={(e) => change(setMeta)({ ...meta, activeMenu: e.target.value })}
        >
          {screenOptions(t`(itself)`)}
        </select>
        {metaErr('activeMenu')}
      </label>
      <fieldset>
        <legend>{t`Options`}</legend>
        <div className="sys-chips">
          {flag('Open', t`Every signed-in user`)}
          {flag('Hidden', t`Hidden`)}
          {flag('AlwaysShow', t`Always show as a group`)}
          {flag('MenuHidden', t`Replaced by its children in the menu`)}
          {flag('dot', t`Dot`)}
          {flag('noClosable', t`Tab not closable`)}
          {flag('noKeepAlive', t`Not kept alive`)}
          {flag('tabHidden', t`No tab`)}
          <label className="sys-chip">
            <input
              type="checkbox"
              name="target"
              checked={meta.target === '_blank'}
              onChange={(e) =>
                change(setMeta)({ ...meta, target: e.target.checked ? '_blank' : '' })
              }
            />
            {t`Opens in a new browser tab`}
          </label>
        </div>
      </fieldset>
      <div className="sys-actions">
        <button type="submit" className="is-primary" disabled={isPending} data-testid="menu-save">
          {t`Save`}
        </button>
      </div>
    </form>
  )
}
