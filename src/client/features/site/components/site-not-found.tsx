import type { ReactNode } from 'react'
import './site-not-found.css'

/** A public page's "not found" state: plain markup, no UI library on a visitor's first load. */
export function SiteNotFound({
  testId,
  title,
  description,
  back,
}: {
  testId: string
  title: ReactNode
  description?: ReactNode
  back: ReactNode
}) {
  return (
    <div className="page site-not-found" data-testid={testId}>
      <h1 className="site-not-found-title">{title}</h1>
      {description && <p className="site-not-found-text">{description}</p>}
      {back}
    </div>
  )
}
