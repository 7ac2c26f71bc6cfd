/**
 * The `{Id, Sort}` updates that move the item at `index` one place up (-1) or down (1): the
 * list is renumbered 10, 20, 30... in its new order and only the items whose Sort changes are sent.
 */
export function sortUpdates(
  items: readonly { Id: number; Sort?: number }[],
  index: number,
  by: -1 | 1,
): { Id: number; Sort: number }[] {
  const order = [...items]
  const [moved] = order.splice(index, 1)
  if (!moved) return []
  order.splice(Math.max(0, Math.min(order.length, index + by)), 0, moved)
  return order
    .map((it, i) => ({ Id: it.Id, Sort: (i + 1) * 10, old: it.Sort }))
    .filter((u) => u.Sort !== u.old)
    .map(({ Id, Sort }) => ({ Id, Sort }))
}
