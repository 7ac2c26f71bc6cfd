import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { ShellIcon } from './shell-icon.tsx'

export type MenuAction = {
  key: string
  label: ReactNode
  icon?: string
  disabled?: boolean
  onSelect: () => void
}

/** The open list: arrow keys move, Escape or a click outside closes, choosing an item closes. */
function MenuList({
  id,
  actions,
  onClose,
  style,
  className,
  label,
}: {
  id: string
  actions: readonly MenuAction[]
  onClose: (focusBack: boolean) => void
  style?: CSSProperties
  className?: string
  label?: string
}) {
  const list = useRef<HTMLUListElement>(null)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  useEffect(() => {
    list.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus()
    const away = (e: PointerEvent) => {
      if (!list.current?.parentElement?.contains(e.target as Node)) close.current(false)
    }
    document.addEventListener('pointerdown', away, true)
    return () => document.removeEventListener('pointerdown', away, true)
  }, [])
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation()
      onClose(true)
      return
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
    e.preventDefault()
    const items = [
      ...(list.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []),
    ]
    const at = items.indexOf(document.activeElement as HTMLButtonElement)
    items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus()
  }
  return (
    <ul
      id={id}
      ref={list}
      role="menu"
      aria-label={label}
      className={`shell-menu-list ${className ?? ''}`}
      style={style}
      onKeyDown={onKeyDown}
    >
      {actions.map((a) => (
        <li key={a.key} role="none">
          <button
            type="button"
            role="menuitem"
            className="shell-menu-action"
            data-action={a.key}
            disabled={a.disabled}
            onClick={() => {
              onClose(true)
              a.onSelect()
            }}
          >
            {a.icon ? <ShellIcon name={a.icon} size={16} /> : null}
            <span>{a.label}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}

/** A button opening a menu of actions below it (avatar menu, tab menu). */
export function DropdownMenu({
  actions,
  label,
  children,
  className,
  testId,
  align = 'end',
}: {
  actions: readonly MenuAction[]
  label: string
  children: ReactNode
  className?: string
  testId?: string
  align?: 'start' | 'end'
}) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  return (
    <span className="shell-dropdown">
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-testid={testId}
        onClick={() => setOpen((o) => !o)}
      >
        {children}
        {/* not aria-label: the name keeps the visible text (the user's name) first, WCAG 2.5.3 */}
        <span className="visually-hidden">{label}</span>
      </button>
      {open ? (
        <MenuList
          id={id}
          label={label}
          actions={actions}
          className={`shell-menu-${align}`}
          onClose={(focusBack) => {
            setOpen(false)
            if (focusBack) button.current?.focus()
          }}
        />
      ) : null}
    </span>
  )
}

/** A menu at the pointer (right-click on a tab). */
export function ContextMenu({
  at,
  actions,
  label,
  onClose,
}: {
  at: { x: number; y: number }
  actions: readonly MenuAction[]
  label: string
  onClose: () => void
}) {
  const id = useId()
  const left = Math.max(4, Math.min(at.x, window.innerWidth - 184))
  const top = Math.max(4, Math.min(at.y, window.innerHeight - 44 * actions.length - 12))
  return (
    <span className="shell-dropdown shell-context-menu">
      <MenuList
        id={id}
        label={label}
        actions={actions}
        onClose={onClose}
        style={{ position: 'fixed', left, top }}
      />
    </span>
  )
}
