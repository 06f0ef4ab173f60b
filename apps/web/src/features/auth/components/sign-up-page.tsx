import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { AuthLayout, authLinkClass } from './auth-layout';
import { FacebookLogo, GoogleLogo } from './social-logos';

/** A demo screen: accounts are created by an administrator, so nothing is sent anywhere. */
export function SignUpPage() {
  const { t } = useTranslation();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    window.alert(t('Signed up!'));
  }

  return (
    <AuthLayout
      title={t('Create your account')}
      subtitle={t('Start managing your shop in minutes.')}
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

      <div className="my-6 flex items-center gap-3 text-xs text-slate-400 uppercase dark:text-slate-500">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
        {t('or')}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      </div>

      <form onSubmit={onSubmit} className="space-y-5">
        <FormField id="name" label={t('Name')}>
          <Input id="name" name="name" autoComplete="name" />
        </FormField>
        <FormField id="email" label={t('Email')}>
          <Input id="email" name="email" type="email" autoComplete="email" placeholder="you@example.com" />
        </FormField>
        <FormField id="password" label={t('Password')}>
          <Input id="password" name="password" type="password" autoComplete="new-password" />
        </FormField>
        <Button type="submit" className="w-full">
          {t('Sign Up')}
        </Button>
      </form>
    </AuthLayout>
  );
}
