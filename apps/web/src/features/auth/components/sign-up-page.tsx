import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signUpRequestSchema } from '@shop/contracts/auth';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useSignUp } from '../api/sign-up';
import { AuthLayout, authLinkClass } from './auth-layout';
import { FacebookLogo, GoogleLogo } from './social-logos';

/** A sign-up creates a pending Staff account: it can sign in once an Admin approves it. */
export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const { field, submit } = useSchemaForm(signUpRequestSchema, {
    defaultValues: { name: '', email: '', password: '' },
    save: signUp.mutate,
    onSaved: ({ message }) => {
      window.alert(t(message));
      void navigate('/auth/sign-in');
    },
  });
  // Field errors show on their fields; anything else (too many attempts, no connection) up top.
  const failure = signUp.error && !(signUp.error instanceof ApiError && signUp.error.errors) ? signUpFailure(signUp.error) : null;
  const busy = signUp.isPending;

  return (
    <AuthLayout
      title={t('Create your account')}
      subtitle={t('An Admin of the shop approves new accounts before they can sign in.')}
      footer={
        <>
          {t('Already have an account?')}{' '}
          <Link to="/auth/sign-in" className={authLinkClass}>
            {t('Sign in')}
          </Link>
        </>
      }
    >
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary">
          <FacebookLogo />
          Facebook
        </Button>
        <Button variant="secondary">
          <GoogleLogo />
          Google
        </Button>
      </div>

      <div className="my-6 flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
        {t('or')}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      </div>

      <form noValidate onSubmit={submit} className="space-y-5">
        {failure ? <AlertBanner>{t(failure)}</AlertBanner> : null}
        <TextField label={t('Name')} field={field('name', 'name')} autoComplete="name" />
        <TextField label={t('Email')} field={field('email', 'email')} type="email" inputMode="email" autoComplete="email" placeholder="you@example.com" />
        <TextField label={t('Password')} field={field('password', 'password')} type="password" autoComplete="new-password" />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('Signing up...') : t('Sign Up')}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** The server's reason when it gave one; otherwise a generic failure. */
function signUpFailure(error: Error): string {
  if (error instanceof ApiError) return error.serverMessage ?? (error.status === 0 ? error.message : 'Sign-up failed');
  return 'Sign-up failed';
}
