/**
 * The first path segments of the staff sections: an unknown address under one of them is a staff
 * "not found" (in the staff layout, HTTP 404 from the server); any other unknown address is a
 * public one (in the site layout).
 */
export const staffSections = [
  'admin',
  'order',
  'production',
  'setting',
  'ship',
  'supplier',
  'system',
] as const

export const isStaffSection = (segment: string) =>
  (staffSections as readonly string[]).includes(segment.toLowerCase())
