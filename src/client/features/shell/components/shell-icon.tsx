import type { ReactNode } from 'react'

/** Line icons of the shell (24-unit grid, stroke = currentColor); menu items name them in meta.icon. */
const shapes: Record<string, ReactNode> = {
  home: <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" />,
  message: <path d="M4 5h16v11H9l-5 4z" />,
  content: <path d="M5 3h10l4 4v14H5zM9 9h6M9 13h6M9 17h4" />,
  image: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 16l5-5 4 4 3-3 6 6" />
      <circle cx="16" cy="9" r="1.5" />
    </>
  ),
  product: <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9zM4 7.5l8 4.5 8-4.5M12 12v9" />,
  contact: (
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a1 1 0 01-1 1A16 16 0 014 5a1 1 0 011-1z" />
  ),
  wechat: (
    <>
      <path d="M9.5 4C5.4 4 2 6.7 2 10c0 1.9 1.1 3.6 2.9 4.7L4.3 17l2.8-1.4c.8.2 1.6.4 2.4.4" />
      <path d="M15.5 9c-3.6 0-6.5 2.3-6.5 5.2s2.9 5.2 6.5 5.2c.7 0 1.4-.1 2-.3l2.5 1.3-.6-2.1c1.6-.9 2.6-2.4 2.6-4.1C22 11.3 19.1 9 15.5 9z" />
    </>
  ),
  supplier: <path d="M3 21V9l6 4V9l6 4V5h6v16zM7 17h2M12 17h2M17 17h2" />,
  cart: (
    <>
      <path d="M2 3h3l2.5 12h11L21 7H6" />
      <circle cx="9" cy="19.5" r="1.5" />
      <circle cx="17" cy="19.5" r="1.5" />
    </>
  ),
  factory: <path d="M3 21V10l5 3V10l5 3V10l5 3V4h3v17zM3 21h18" />,
  check: <path d="M4 12.5l5 5L20 6.5" />,
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.5" />
    </>
  ),
  news: <path d="M4 5h13v14H6a2 2 0 01-2-2zM17 9h3v8a2 2 0 01-2 2M8 9h5M8 13h5M8 16h3" />,
  warehouse: <path d="M3 21V9l9-5 9 5v12M7 21v-8h10v8M7 17h10" />,
  money: (
    <>
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  form: <path d="M6 3h12v18H6zM9 8h6M9 12h6M9 16h3" />,
  order: <path d="M7 3h10l2 3v15H5V6zM5 6h14M9 11h6M9 15h6" />,
  truck: (
    <>
      <path d="M2 6h12v10H2zM14 10h4l4 4v2h-8" />
      <circle cx="6.5" cy="18" r="1.8" />
      <circle cx="17.5" cy="18" r="1.8" />
    </>
  ),
  chart: <path d="M4 20V4M4 20h16M8 16v-5M12 16V8M16 16v-7" />,
  setting: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1" />
    </>
  ),
  role: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0113 0M16 4.5a3.5 3.5 0 010 7M18 14.5a6.5 6.5 0 013.5 5.5" />
    </>
  ),
  department: <path d="M9 3h6v5H9zM3 16h6v5H3zM15 16h6v5h-6zM12 8v4M6 16v-4h12v4" />,
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  log: <path d="M6 3h12v18H6zM9 7h6M9 11h6M9 15h6" />,
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0116 0" />
    </>
  ),
  fold: <path d="M4 6h16M10 12h10M4 18h16M7 9l-3 3 3 3" />,
  unfold: <path d="M4 6h16M4 12h10M4 18h16M17 9l3 3-3 3" />,
  refresh: <path d="M20 11a8 8 0 10-2.3 5.7M20 4v7h-7" />,
  fullscreen: <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />,
  exitFullscreen: <path d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5" />,
  theme: (
    <>
      <path d="M12 3a9 9 0 100 18c1.1 0 1.5-.8 1.2-1.6-.4-1 .3-2.4 1.8-2.4H18a3 3 0 003-3 9 9 0 00-9-11z" />
      <circle cx="7.5" cy="11" r="1" />
      <circle cx="10" cy="7" r="1" />
      <circle cx="15" cy="7.5" r="1" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6L6 18" />,
  chevronDown: <path d="M6 9l6 6 6-6" />,
  chevronRight: <path d="M9 6l6 6-6 6" />,
  chevronLeft: <path d="M15 6l-6 6 6 6" />,
  more: <path d="M6 9l6 6 6-6M6 4l6 6 6-6" />,
  layers: <path d="M12 3l9 5-9 5-9-5zM3 13l9 5 9-5" />,
  arrowUp: <path d="M12 20V5M5 12l7-7 7 7" />,
  logout: <path d="M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10" />,
  lock: (
    <>
      <rect x="5" y="10" width="14" height="11" rx="2" />
      <path d="M8 10V7a4 4 0 018 0v3" />
    </>
  ),
}

export function ShellIcon({
  name,
  size = 18,
  className,
}: {
  name: string | undefined
  size?: number
  className?: string
}) {
  const shape = (name && shapes[name]) || <circle cx="12" cy="12" r="3" />
  return (
    <svg
      className={`shell-icon ${className ?? ''}`}
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
      {shape}
    </svg>
  )
}
