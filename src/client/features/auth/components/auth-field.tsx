import type { InputHTMLAttributes, ReactNode } from 'react'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  id: string
  label: string
  value: string
  onValue: (v: string) => void
  /** the rule this value breaks, shown under the field; undefined when it is fine */
  error?: string | undefined
  /** next to the input (a code button) */
  extra?: ReactNode
}

/**
 * A labelled text input of the sign-in pages, drawn like antd-mobile's vertical form item
 * without its form library (the login page's weight). The error text is tied to the
 * input (aria-describedby) and announced.
 */
export function AuthField({ id, label, value, onValue, error, extra, ...input }: Props) {
  const errorId = `${id}-error`
  return (
    <div className={`auth-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="auth-field-row">
        <input
          {...input}
          id={id}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {extra}
      </div>
      {error && (
        <div className="auth-field-error" id={errorId} role="alert">
          {error}
        </div>
      )}
    </div>
  )
}

/** The full-width primary button of the sign-in pages; `pending` shows a spinner and blocks a second press. */
export function AuthSubmit({
  pending,
  children,
  testId,
}: {
  pending: boolean
  children: ReactNode
  testId?: string
}) {
  return (
    <div className="auth-submit">
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
        data-testid={testId}
      >
        {pending && <span className="auth-spinner" aria-hidden="true" />}
        {children}
      </button>
    </div>
  )
}
