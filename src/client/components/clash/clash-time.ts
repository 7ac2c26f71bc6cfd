/** When the other person saved: the time today ("10:42"), else the date and time. */
export function clashTime(iso: string, locale: string, now = new Date()): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return iso
  const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const
  return at.toDateString() === now.toDateString()
    ? at.toLocaleTimeString(locale, time)
    : at.toLocaleString(locale, { month: 'numeric', day: 'numeric', ...time })
}
