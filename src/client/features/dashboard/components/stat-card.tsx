import { Link } from '@tanstack/react-router'
import { DotLoading } from 'antd-mobile'
import type { ReactNode } from 'react'

type Props = {
  label: ReactNode
  value: number | undefined
  /** a staff page; the card links there */
  to: '/workbench' | '/admin/leaving' | '/order/order' | '/system/user'
  loading: boolean
  testId: string
}

/**
 * One figure of the admin home, linking to the page where it can be worked on. A figure that
 * could not be read again (offline) stays as last known: the offline banner says how old it is.
 */
export function StatCard({ label, value, to, loading, testId }: Props) {
  return (
    <Link to={to} className="dash-card" data-testid={testId}>
      <span className="dash-card-label">{label}</span>
      <span className="dash-card-value" data-testid={`${testId}-value`}>
        {loading ? <DotLoading /> : (value ?? '–')}
      </span>
    </Link>
  )
}
