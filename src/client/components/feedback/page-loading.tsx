import './feedback.css'

/** Shown while a page's data loads: a light skeleton without component-library code. */
export function PageLoading() {
  return (
    <div className="page-loading" aria-busy="true">
      <div className="skeleton skeleton-title" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="skeleton skeleton-line" />
      ))}
    </div>
  )
}
