import type { ReactNode, Ref } from 'react'
import './header-tools.css'

/** Line icons of the header tools (24-unit grid, stroke = currentColor). */
const icons = {
  bell: <path d="M6 16V11a6 6 0 0112 0v5l2 2H4zM10 20a2 2 0 004 0" />,
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </>
  ),
  scan: <path d="M4 8V4h4M16 4h4v4M20 16v4h-4M8 20H4v-4M4 12h16" />,
  bug: (
    <>
      <rect x="7" y="7" width="10" height="13" rx="5" />
      <path d="M12 11v9M9 4l1.5 3M15 4l-1.5 3M3 10l4 2M21 10l-4 2M3 18l4-2M21 18l-4-2" />
    </>
  ),
} satisfies Record<string, ReactNode>

export type ToolIconName = keyof typeof icons

export function ToolIcon({ name, size = 18 }: { name: ToolIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {icons[name]}
    </svg>
  )
}

type Props = {
  /** accessible name and tooltip */
  label: string
  icon: ToolIconName
  /** badge figure; no badge at zero */
  count?: number
  /** lets the shell's theme settings show or hide it ("notice", "search") */
  control?: 'notice' | 'search'
  expanded?: boolean
  onClick?: () => void
  onFocusChange?: (focused: boolean) => void
  testId?: string
  ref?: Ref<HTMLButtonElement>
}

/** An icon button of the staff header with an optional count badge (hidden at zero). */
export function ToolButton({
  label,
  icon,
  count = 0,
  control,
  expanded,
  onClick,
  onFocusChange,
  testId,
  ref,
}: Props) {
  return (
    <button
      ref={ref}
      type="button"
      className="shell-tool header-tool"
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      data-shell-control={control}
      data-testid={testId}
      onClick={onClick}
      onFocus={onFocusChange && (() => onFocusChange(true))}
      onBlur={onFocusChange && (() => onFocusChange(false))}
    >
      <ToolIcon name={icon} />
      {count > 0 ? (
        <span
          className="shell-tool-count header-tool-count"
          aria-hidden="true"
          data-testid={testId ? `${testId}-count` : undefined}
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </button>
  )
}
