/**
 * Keeps the rows a save just queued offline clear of the banners that save brings up (the
 * waiting pill at the bottom): the last of them that is on screen is scrolled just enough to stay
 * above the banners whenever their room changes in the next second (`--app-banners-space`, the
 * page's scroll-padding-bottom, app-banners.css). Rows off screen are left where they are.
 */
export function keepAboveBanners(ids: number[], ms = 1000) {
  const shown = ids
    .map((id) => document.querySelector(`.data-grid [data-id="${id}"]`))
    .filter((el): el is Element => {
      const r = el?.getBoundingClientRect()
      return !!r && r.bottom > 0 && r.top < window.innerHeight
    })
  const row = shown.at(-1)
  if (!row) return
  const place = () => row.scrollIntoView({ block: 'nearest' })
  const watch = new MutationObserver(place)
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] })
  place()
  setTimeout(() => watch.disconnect(), ms)
}
