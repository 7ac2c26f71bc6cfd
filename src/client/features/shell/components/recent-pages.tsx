import { Trans, useLingui } from '@lingui/react/macro'
import { Popup } from 'antd-mobile'
import { useState } from 'react'
import { useDialogFocus } from '#client/components/feedback/use-dialog-focus'
import { closable } from '../tab-rules.ts'
import { MenuLink } from './menu-link.tsx'
import { useMenuTitle, useShell } from './shell-context.ts'
import { ShellIcon } from './shell-icon.tsx'
import { useTabCommands } from './tab-bar.tsx'

/** On phones a sheet of recent pages replaces the tab strip (same close rules). */
export function RecentPages() {
  const { t } = useLingui()
  const { tabs, page } = useShell()
  const title = useMenuTitle()
  const commands = useTabCommands()
  const [open, setOpen] = useState(false)
  // focus moves to the sheet's close button, Escape closes, focus returns to this button
  const head = useDialogFocus<HTMLDivElement>(open, () => setOpen(false))
  const active = page?.pathname
  const activeIsTab = tabs.tabs.some((x) => x.path === active)
  // the name holds the visible count (WCAG 2.5.3 label in name)
  const count = tabs.tabs.length
  return (
    <>
      <button
        type="button"
        className="shell-tool shell-recent-button"
        aria-label={count > 0 ? t`Recent pages: ${count}` : t`Recent pages`}
        title={t`Recent pages`}
        data-testid="shell-recent"
        onClick={() => setOpen(true)}
      >
        <ShellIcon name="layers" />
        {count > 0 ? <span className="shell-tool-count">{count}</span> : null}
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        position="bottom"
        bodyClassName="shell-sheet"
      >
        <div className="shell-sheet-head" ref={head}>
          <h2>
            <Trans>Recent pages</Trans>
          </h2>
          <button
            type="button"
            className="shell-tool"
            aria-label={t`Close`}
            onClick={() => setOpen(false)}
          >
            <ShellIcon name="close" />
          </button>
        </div>
        <ul className="shell-sheet-list" data-testid="shell-recent-list">
          {tabs.tabs.map((tab) => {
            const name = title(tab.meta)
            return (
              <li
                key={tab.path}
                className={`shell-sheet-item${tab.path === active ? ' is-active' : ''}`}
                data-path={tab.path}
              >
                <MenuLink
                  path={tab.path + tab.search}
                  className="shell-sheet-link"
                  active={tab.path === active}
                  onNavigate={() => setOpen(false)}
                >
                  {tab.meta.icon ? <ShellIcon name={tab.meta.icon} /> : null}
                  <span>{name}</span>
                </MenuLink>
                {closable(tab) ? (
                  <button
                    type="button"
                    className="shell-tool"
                    aria-label={t`Close ${name}`}
                    onClick={() => tabs.close(tab.path, 'this')}
                  >
                    <ShellIcon name="close" size={16} />
                  </button>
                ) : null}
              </li>
            )
          })}
        </ul>
        {active && activeIsTab ? (
          <div className="shell-sheet-actions">
            {commands(active)
              .filter((c) => c.key === 'others' || c.key === 'all')
              .map((c) => (
                <button
                  key={c.key}
                  type="button"
                  className="shell-sheet-action"
                  data-action={c.key}
                  disabled={c.disabled}
                  onClick={() => {
                    c.onSelect()
                    setOpen(false)
                  }}
                >
                  {c.label}
                </button>
              ))}
          </div>
        ) : null}
      </Popup>
    </>
  )
}
