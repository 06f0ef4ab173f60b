import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { loginRequestSchema, type LoginRequest } from '@shop/contracts/auth';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { fieldErrorId, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { readReturnTo } from '@/lib/return-to';
import { NO_ACCESS_TOKEN_MESSAGE, useLogin } from '../api/login';
import { useSession } from '../session-store';
import { AuthLayout, authLinkClass } from './auth-layout';

const LOGIN_FIELDS = ['email', 'password'] as const;

export function SignInPage() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  // Signing in stores the session, which re-renders this page into the redirect.
  if (session) return <Navigate to={readReturnTo(location.state)} replace />;

  const onSubmit = handleSubmit((values) =>
    loginMutation.mutate(values, {
      onError: (error) => {
        if (!(error instanceof ApiError) || !error.errors) return;
        for (const field of LOGIN_FIELDS) {
          const message = error.errors[field]?.[0];
          if (message) setError(field, { message });
        }
      },
    }),
  );

  const failure = loginMutation.error ? signInFailureMessage(loginMutation.error) : null;
  const busy = loginMutation.isPending;

  return (
    <AuthLayout
      title={t('Welcome back')}
      subtitle={t('Sign in to manage your shop.')}
      footer={
        <>
          {t("Don't have an account?")}{' '}
          <Link to="/auth/sign-up" className={authLinkClass}>
            {t('Create one')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {failure ? <AlertBanner>{t(failure)}</AlertBanner> : null}

        <FormField id="email" label={t('Email')} error={errors.email?.message && t(errors.email.message)}>
          <Input
            id="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="you@example.com"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? fieldErrorId('email') : undefined}
            {...register('email')}
          />
        </FormField>

        <FormField
          id="password"
          label={t('Password')}
          error={errors.password?.message && t(errors.password.message)}
          labelAside={
            <Link to="/auth/forgot-password" className={`text-sm ${authLinkClass}`}>
              {t('Forgot Password?')}
            </Link>
          }
        >
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? fieldErrorId('password') : undefined}
            {...register('password')}
          />
        </FormField>

        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Checkbox name="remember" defaultChecked />
          {t('Remember me')}
        </label>

        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('Signing in...') : t('Sign in')}
        </Button>
      </form>

      <p className="mt-6 rounded-lg border border-dashed border-slate-300 px-3 py-2 text-center text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
        {t('Demo account:')} <span className="font-mono text-slate-700 dark:text-slate-300">admin@demo.shop</span> /{' '}
        <span className="font-mono text-slate-700 dark:text-slate-300">demo1234</span>
      </p>
    </AuthLayout>
  );
}

/** The server's reason when it gave one (message, else error); otherwise a generic failure. */
function signInFailureMessage(error: Error): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    // No answer at all: "network error" tells the user more than "login failed".
    if (error.status === 0) return error.message;
    return 'Login failed';
  }
  return error.message === NO_ACCESS_TOKEN_MESSAGE ? NO_ACCESS_TOKEN_MESSAGE : 'Login failed';
}
