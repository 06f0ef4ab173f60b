import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { z } from 'zod';
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

const codeStepSchema = z.object({
  code: loginRequestSchema.shape.code.unwrap().min(1, 'Enter the code from your authenticator app.'),
});
type CodeStepInput = z.infer<typeof codeStepSchema>;

type Credentials = { email: string; password: string };

/**
 * Email and password first; an account with two-step sign-in then asks for a code, and the
 * same email and password go again with it (the server keeps nothing between the two).
 */
export function SignInPage() {
  const session = useSession();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [challenge, setChallenge] = useState<Credentials | null>(null);

  // Signing in stores the session, which re-renders this page into the redirect.
  if (session) return <Navigate to={readReturnTo(location.state)} replace />;

  if (challenge) {
    return (
      <CodeStep
        credentials={challenge}
        onBack={() => {
          setEmail(challenge.email);
          setChallenge(null);
        }}
      />
    );
  }
  return <PasswordStep initialEmail={email} onChallenge={setChallenge} />;
}

function PasswordStep({ initialEmail, onChallenge }: { initialEmail: string; onChallenge: (credentials: Credentials) => void }) {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: initialEmail, password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    loginMutation.mutate(values, {
      onSuccess: (result) => {
        if (result.kind === 'two-factor') onChallenge({ email: values.email, password: values.password });
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || !error.errors) return;
        for (const field of LOGIN_FIELDS) {
          const message = error.errors[field]?.[0];
          if (message) setError(field, { message });
        }
      },
    }),
  );

  const failure = loginMutation.error ? signInFailureMessage(loginMutation.error, t) : null;
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
        {failure ? <AlertBanner>{failure}</AlertBanner> : null}

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

function CodeStep({ credentials, onBack }: { credentials: Credentials; onBack: () => void }) {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CodeStepInput>({ resolver: zodResolver(codeStepSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(({ code }) => loginMutation.mutate({ ...credentials, code }));

  const failure = loginMutation.error ? signInFailureMessage(loginMutation.error, t) : null;
  const busy = loginMutation.isPending;
  const codeError = errors.code?.message ? t(errors.code.message) : undefined;

  return (
    <AuthLayout
      title={t('Two-step verification')}
      subtitle={t('Enter the 6-digit code from your authenticator app, or one of your backup codes.')}
      footer={
        <button type="button" onClick={onBack} className={`inline-flex items-center gap-1.5 ${authLinkClass}`}>
          <ArrowLeft aria-hidden className="size-4" />
          {t('Back')}
        </button>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {failure ? <AlertBanner>{failure}</AlertBanner> : null}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('Signing in as')} <span className="font-medium text-slate-900 dark:text-white">{credentials.email}</span>
        </p>
        <FormField id="code" label={t('Code')} error={codeError}>
          <Input
            id="code"
            autoFocus
            autoComplete="one-time-code"
            spellCheck={false}
            placeholder="123456"
            className="font-mono tracking-widest"
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? fieldErrorId('code') : undefined}
            {...register('code')}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('Verifying…') : t('Verify')}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** The server's reason when it gave one (message, else error), in the reader's language; otherwise a generic failure. */
function signInFailureMessage(error: Error, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 429 && typeof error.body?.retry_after === 'number') {
      return t('Too many attempts. Wait {{count}} min and try again.', { count: Math.max(1, Math.ceil(error.body.retry_after / 60)) });
    }
    if (error.serverMessage) return t(error.serverMessage);
    // No answer at all: "network error" tells the user more than "login failed".
    if (error.status === 0) return t(error.message);
    return t('Login failed');
  }
  return t(error.message === NO_ACCESS_TOKEN_MESSAGE ? NO_ACCESS_TOKEN_MESSAGE : 'Login failed');
}
