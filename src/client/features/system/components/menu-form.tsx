import { useLingui } from '@lingui/react/macro'
import type { MenuItem } from '#shared/contract/menu'
import { componentOf, groupComponent, staffScreens, type StaffScreen } from '#shared/staff-screens'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import { adminMenuKey } from '../api/get-admin-menu.ts'
import { useRecordForm } from '../use-record-form.ts'
import { valuesOf, type Flags } from '../menu-values.ts'

export type MenuGroupChoice = { id: number; label: string }
type Props = {
  /** the entry as the menu list reads it now (undefined: a new one) */
  item: MenuItem | undefined
  parentId: number | null
  groups: readonly MenuGroupChoice[]
  onDone: () => void
  /** Take theirs after a clash: the page reads the menu again and opens the form anew */
  onReload?: () => void
}

/** Adds or edits one menu entry with every route field of SPEC §3; the server checks them. */
export function MenuForm({ item, parentId, groups, onDone, onReload }: Props) {
  const { t } = useLingui()
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
    postUrl: 'SaveMenu',
    refresh: [adminMenuKey],
    initial: valuesOf(item, parentId),
    record: item,
    onDone,
    onReload,
  })
  useUnsavedWork(dirty)
  const record = {
    ...(item?.id ? { Id: item.id } : {}),
    ParentId: v.ParentId,
    Path: v.Path.trim(),
    Name: v.Name.trim(),
    Component: v.kind === 'group' ? groupComponent : componentOf(v.Path as StaffScreen),
    Redirect: v.kind === 'group' ? v.Redirect : '',
    Hidden: v.Hidden,
    AlwaysShow: v.AlwaysShow,
    MenuHidden: v.MenuHidden,
    Open: v.Open,
    Meta: {
      title: v.title,
      titleZh: v.titleZh,
      icon: v.icon,
      ...(v.badge !== '' ? { badge: v.badge } : {}),
      target: v.target as '' | '_blank',
      activeMenu: v.activeMenu,
      dot: v.dot,
      noClosable: v.noClosable,
      noKeepAlive: v.noKeepAlive,
      tabHidden: v.tabHidden,
    },
  }
  const submit = () =>
    form.submit((version) =>
      item ? { updateRecords: [{ ...record, RowVersion: version }] } : { insertRecords: [record] },
    )
  const labels: Record<string, string> = {
    ParentId: t`Parent group`,
    Path: t`Path`,
    Name: t`Route name`,
    Redirect: t`Redirect`,
    Hidden: t`Hidden`,
    AlwaysShow: t`Always show as a group`,
    MenuHidden: t`Replaced by its children in the menu`,
    Open: t`Every signed-in user`,
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
        checked={v[key]}
        onChange={(e) => set({ [key]: e.target.checked })}
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
      ref={formRef}
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
              checked={v.kind === 'page'}
              onChange={() => set({ kind: 'page' })}
            />
            {t`Page`}
          </label>
          <label className="sys-chip">
            <input
              type="radio"
              name="kind"
              checked={v.kind === 'group'}
              onChange={() => set({ kind: 'group' })}
            />
            {t`Group`}
          </label>
        </div>
      </fieldset>
      <label>
        {t`Parent group`}
        <select
          name="ParentId"
          value={v.ParentId ?? ''}
          onChange={(e) => set({ ParentId: e.target.value === '' ? null : Number(e.target.value) })}
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
      {v.kind === 'page' ? (
        <label>
          {t`Screen (path and component)`}
          <select name="Path" value={v.Path} onChange={(e) => set({ Path: e.target.value })}>
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
              value={v.Path}
              placeholder="/tools"
              onChange={(e) => set({ Path: e.target.value })}
            />
            {err('Path')}
            {err('Component')}
          </label>
          <label>
            {t`Redirect`}
            <select
              name="Redirect"
              value={v.Redirect}
              onChange={(e) => set({ Redirect: e.target.value })}
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
          value={v.Name}
          placeholder="Tools"
          onChange={(e) => set({ Name: e.target.value })}
        />
        {err('Name')}
      </label>
      <label>
        {t`Title (English)`}
        <input name="title" value={v.title} onChange={(e) => set({ title: e.target.value })} />
        {metaErr('title')}
      </label>
      <label>
        {t`Title (Chinese)`}
        <input
          name="titleZh"
          value={v.titleZh}
          onChange={(e) => set({ titleZh: e.target.value })}
        />
        {metaErr('titleZh')}
      </label>
      <label>
        {t`Icon`}
        <input
          name="icon"
          value={v.icon}
          placeholder="setting"
          onChange={(e) => set({ icon: e.target.value })}
        />
        {metaErr('icon')}
      </label>
      <label>
        {t`Badge`}
        <input
          name="badge"
          value={v.badge}
          maxLength={16}
          onChange={(e) => set({ badge: e.target.value })}
        />
        {metaErr('badge')}
      </label>
      <label>
        {t`Highlighted menu entry while open`}
        <select
          name="activeMenu"
          value={v.activeMenu}
          onChange={(e) => set({ activeMenu: e.target.value })}
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
              checked={v.target === '_blank'}
              onChange={(e) => set({ target: e.target.checked ? '_blank' : '' })}
            />
            {t`Opens in a new browser tab`}
          </label>
        </div>
      </fieldset>
      {notice((f) => labels[f] ?? f)}
      <div className="sys-actions">
        <button type="submit" className="is-primary" disabled={isPending} data-testid="menu-save">
          {t`Save`}
        </button>
      </div>
    </form>
  )
}
