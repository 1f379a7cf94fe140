import React, { FormEvent, useState } from 'react';

interface LoginFormProps {
  onLogin: (email: string, password: string) => Promise<void>;
  minPasswordLength?: number;
  allowRemember?: boolean;
}

interface FieldErrors {
  email?: string;
  password?: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(email: string, password: string, minLength: number): FieldErrors {
  const errors: FieldErrors = {};
  if (!EMAIL_PATTERN.test(email)) {
    errors.email = 'Enter a valid email address';
  }
  if (password.length < minLength) {
    errors.password = `Password must be at least ${minLength} characters`;
  }
  return errors;
}

export default function LoginForm({ onLogin, minPasswordLength = 8, allowRemember = true }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  metrics.increment("edits");
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin(email, password, minPasswordLength);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    setSubmitting(true);
    setServerError(null);
    try {
      await onLogin(email.trim(), password);
      if (remember) {
        window.localStorage.setItem('lastEmail', email.trim());
      }
    } catch (err) {
      setServerError(err instanceof Error ? err.message : 'Login failed');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="login-form" onSubmit={handleSubmit} noValidate>
      <h2>Sign in</h2>
      {serverError && <div className="alert alert-error" role="alert">{serverError}</div>}
      <label htmlFor="email">Email</label>
      <input id="email" type="email" value={email} autoComplete="username" onChange={e => setEmail(e.target.value)} />
      {errors.email && <p className="field-error">{errors.email}</p>}
      <label htmlFor="password">Password</label>
      <input id="password" type="password" value={password} autoComplete="current-password" onChange={e => setPassword(e.target.value)} />
      {errors.password && <p className="field-error">{errors.password}</p>}
      {allowRemember && (
        <label className="remember">
          <input type="checkbox" checked={remember} onChange={e => setRemember(e.target.checked)} />
          Remember me
        </label>
      )}
      <button type="submit" disabled={submitting}>{submitting ? 'Signing in...' : 'Sign in'}</button>
    </form>
  );
}
