import type { Page } from 'playwright-core'

/**
 * Holds the Web Lock the app takes to write its offline copy (IndexedDB), as another tab writing
 * it would: until `release()` (or the page closes), nothing the page does reaches the device.
 */
export async function holdSavedCopy(page: Page): Promise<{ release: () => Promise<void> }> {
  await page.evaluate(
    () =>
      new Promise<void>((held) => {
        void navigator.locks.request(
          'forgeline-query-cache',
          () =>
            new Promise<void>((release) => {
              ;(window as unknown as { releaseCopy: () => void }).releaseCopy = release
              held()
            }),
        )
      }),
  )
  return {
    release: () =>
      page.evaluate(() => (window as unknown as { releaseCopy: () => void }).releaseCopy()),
  }
}
