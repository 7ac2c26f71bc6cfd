import type { ReactNode } from 'react'
import { LanguageSwitch } from '#client/components/language-switch'
import './auth.css'
import { atBase } from '#client/lib/base-url'

/** The frame of the sign-in, phone sign-in and sign-up pages: logo, language switch, heading. */
export function AuthCard({
  title,
  testId,
  children,
}: {
  title: ReactNode
  testId?: string
  children: ReactNode
}) {
  return (
    <div className="auth-page">
      <div className="auth-card" data-testid={testId}>
        <div className="auth-top">
          <img src={atBase('/logo.svg')} alt="" width={40} height={40} />
          <LanguageSwitch />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  )
}
