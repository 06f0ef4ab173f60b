import { useState, type FormEvent } from 'react';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { AuthLayout, authLinkClass } from './auth-layout';

/**
 * A demo screen: it confirms the address but sends no request (the shop sends no e-mail). What
 * really helps is an Admin, who sets a new password on the Users screen, so the page says so.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    window.alert(
      `${t('A password reset link has been sent to {{email}}.', { email: email.trim() })}\n\n${t('No e-mail arriving? Ask the shop’s Admin: they can set a new password for you on the Users screen.')}`,
    );
  }

  return (
    <AuthLayout
      title={t('Reset your password')}
      subtitle={t('Enter the e-mail address of your account and we will send you a link to reset your password.')}
      footer={
        <div className="flex flex-col items-center gap-2">
          <span>
            {t('Remembered it?')}{' '}
            <Link to="/auth/sign-in" className={authLinkClass}>
              {t('Sign in')}
            </Link>
          </span>
          <span>
            {t("Don't have an account?")}{' '}
            <Link to="/auth/sign-up" className={authLinkClass}>
              {t('Create one')}
            </Link>
          </span>
        </div>
      }
    >
      <form onSubmit={onSubmit} className="space-y-5">
        <FormField id="email" label={t('Email')}>
          <Input
            id="email"
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <Button type="submit" className="w-full">
          {t('Continue')}
        </Button>
      </form>

      <p className="mt-6 flex items-start gap-2 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2.5 text-sm text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-200">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('No e-mail arriving? Ask the shop’s Admin: they can set a new password for you on the Users screen.')}
      </p>
    </AuthLayout>
  );
}
