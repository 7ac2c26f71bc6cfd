import { useState } from 'react'
import type { GridCursor } from '#shared/contract/grid-fields'

type PageKeys = { first: GridCursor; last: GridCursor }
type Page = { index: number; after?: GridCursor; before?: GridCursor }

/**
 * The grid's page: a jump (first page, another page size, a search) by number; Next and Previous
 * by number and the shown page's cursor (`pageKeys`), so the server reads the page by key instead
 * of skipping rows. Without keys (a page still loading) they move by number alone.
 */
export function useGridPaging() {
  const [page, setPage] = useState<Page>({ index: 1 })
  return {
    pageIndex: page.index,
    /** the cursor fields of the list request */
    cursor: { after: page.after, before: page.before },
    jump: (index: number) => setPage({ index }),
    next: (keys?: PageKeys) => setPage((p) => ({ index: p.index + 1, after: keys?.last })),
    // the first page is as cheap by number, and its answer is the one already kept
    previous: (keys?: PageKeys) =>
      setPage((p) => ({ index: p.index - 1, before: p.index > 2 ? keys?.first : undefined })),
  }
}
