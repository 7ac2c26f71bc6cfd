import { useLingui } from '@lingui/react/macro'
import type { ReactNode, RefObject } from 'react'

type Tool = {
  key: string
  label: string
  onClick: () => void
  disabled?: boolean
  primary?: boolean
  shown?: boolean
}

export type GridTool = Tool

/** The grid toolbar (SPEC §2): add, delete, save, refresh, audit, import, export, columns, zoom, plus a search box. */
export function GridToolbar({
  tools,
  search,
  toolbarRef,
}: {
  tools: Tool[]
  search: ReactNode
  toolbarRef?: RefObject<HTMLDivElement | null>
}) {
  const { t } = useLingui()
  return (
    <div className="grid-toolbar" role="toolbar" aria-label={t`Grid actions`} ref={toolbarRef}>
      {tools
        .filter((x) => x.shown !== false)
        .map((x) => (
          <button
            key={x.key}
            type="button"
            className={`grid-tool${x.primary ? ' is-primary' : ''}`}
            onClick={x.onClick}
            disabled={x.disabled}
            data-testid={`grid-${x.key}`}
          >
            {x.label}
          </button>
        ))}
      <div className="grid-search">{search}</div>
    </div>
  )
}
