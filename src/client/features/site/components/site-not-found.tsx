import type { ReactNode } from 'react'
import './site-not-found.css'

/** A public page's "not found" state: plain markup, no UI library on a visitor's first load. */
export function SiteNotFound({ testId, title, description, back }: { testId: string; title: ReactNode; description?: ReactNode; back: ReactNode }) {
  return (
    <div className="page site-not-found" data-testid={testId}>
      <svg viewBox="0 0 64 41" width="96" aria-hidden="true">
        <ellipse cx="32" cy="33" rx="32" ry="7" fill="#f5f5f5" />
        <path d="M55 13.5 44.9 2.2A2.5 2.5 0 0 0 43 1.3H21a2.5 2.5 0 0 0-1.9.9L9 13.5v9.3h46z" fill="none" stroke="#d9d9d9" />
        <path d="M41.6 16.7c0-1.6 1-2.9 2.2-2.9H55v18.1c0 2.1-1.3 3.9-2.9 3.9H11.9C10.3 35.8 9 34 9 31.9V13.8h11.2c1.2 0 2.2 1.3 2.2 2.9 0 1.6 1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.3 2.2-2.9z" fill="#fafafa" stroke="#d9d9d9" />
      </svg>
      <h1 className="site-not-found-title">{title}</h1>
      {description && <p className="site-not-found-text">{description}</p>}
      {back}
    </div>
  )
}
