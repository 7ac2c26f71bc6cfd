/** Every grid query starts with `gridKey(kind)`; a save invalidates its kind. */
export const gridKey = (kind: string) => ['grid', kind] as const

/** Grid saves and audits, registered as mutation defaults so offline ones survive a reload. */
export const gridSaveKey = ['grid', 'save'] as const
