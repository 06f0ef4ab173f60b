import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { PROFILE_MESSAGES, twoFaToggleSchema, type Profile, type TwoFaToggleResponse } from '@shop/contracts/profile';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter, ModalForm } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { failureText } from '@/lib/error-text';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useToggleTwoFactor } from '../api/toggle-two-factor';
import { useSaving, type Saving } from '../saving';
import { CopyButton } from './copy-button';
import { ProfileCard } from './profile-card';

/** Turning it off needs a code; the contract's field, but required here. */
const disableSchema = z.object({ code: twoFaToggleSchema.shape.code.unwrap().min(1, PROFILE_MESSAGES.twoFaCodeNeeded) });

/** Two-step sign-in: on shows the secret (QR code and text) and ten backup codes, once; off asks for a code. */
export function TwoFactorCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const toggle = useToggleTwoFactor();
  const { saving, run } = useSaving();
  const [setup, setSetup] = useState<TwoFaToggleResponse | null>(null);
  const [disabling, setDisabling] = useState(false);
  const enabled = profile.two_fa_enabled;

  async function enable() {
    try {
      const answer = await run(() => toggle.mutateAsync({ enabled: true }));
      setSetup(answer);
      toast.success(t('2FA enabled'));
    } catch (error) {
      const message = failureText(error, t('Failed to toggle 2FA'), t);
      if (message) toast.error(message);
    }
  }

  return (
    <ProfileCard
      title={t('Two-step sign-in (2FA)')}
      description={t('After your password, sign-in also asks for a code from an authenticator app on your phone.')}
    >
      <div className="flex flex-wrap items-center justify-between gap-4 px-5 py-5">
        <div className="flex items-center gap-3">
          <Switch
            id="two-factor-switch"
            checked={enabled}
            disabled={saving}
            onChange={() => (enabled ? setDisabling(true) : void enable())}
            aria-describedby="two-factor-state"
          />
          <label htmlFor="two-factor-switch" className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('Require a code at sign-in')}
          </label>
        </div>
        <div id="two-factor-state" className="flex flex-wrap items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          {saving ? <span role="status">{t('Saving…')}</span> : null}
          <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? t('On') : t('Off')}</Badge>
          {enabled ? <span>{t('Backup codes left: {{count}}', { count: profile.backup_codes_left })}</span> : null}
        </div>
      </div>

      <SetupDialog setup={setup} onClose={() => setSetup(null)} />
      <DisableDialog open={disabling} onOpenChange={setDisabling} />
    </ProfileCard>
  );
}

function SetupDialog({ setup, onClose }: { setup: TwoFaToggleResponse | null; onClose: () => void }) {
  const { t } = useTranslation();
  const codes = setup?.backupCodes ?? [];
  return (
    <Modal
      open={setup !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
      title={t('Two-step sign-in is on')}
      description={t('Scan the QR code with your authenticator app, or type the secret key in.')}
    >
      <ModalBody className="grid gap-6 sm:grid-cols-[auto_minmax(0,1fr)]">
        {setup?.otpauth_url ? (
          <div className="justify-self-center rounded-lg bg-white p-3 ring-1 ring-slate-200 dark:ring-slate-700">
            <QRCodeSVG value={setup.otpauth_url} size={168} title={t('QR code for your authenticator app')} />
          </div>
        ) : null}
        <div className="min-w-0 space-y-4">
          <div className="space-y-1.5">
            <p id="two-factor-secret-label" className="text-sm font-medium text-slate-700 dark:text-slate-300">
              {t('Secret key')}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <code
                aria-labelledby="two-factor-secret-label"
                className="rounded-md bg-slate-100 px-2.5 py-1.5 font-mono text-sm break-all text-slate-900 select-all dark:bg-slate-800 dark:text-slate-100"
              >
                {setup?.secret}
              </code>
              {setup?.secret ? <CopyButton text={setup.secret} /> : null}
            </div>
          </div>
          <div className="space-y-1.5">
            <p id="backup-codes-label" className="text-sm font-medium text-slate-700 dark:text-slate-300">
              {t('Backup codes')}
            </p>
            <p className="text-sm text-amber-700 dark:text-amber-400">
              {t('Each code works once, if you lose your phone. Save them now: they will not be shown again.')}
            </p>
            <ul aria-labelledby="backup-codes-label" className="grid grid-cols-2 gap-1.5 font-mono text-sm text-slate-900 dark:text-slate-100">
              {codes.map((code) => (
                <li key={code} className="rounded-md bg-slate-100 px-2.5 py-1 text-center dark:bg-slate-800">
                  {code}
                </li>
              ))}
            </ul>
            {codes.length > 0 ? <CopyButton text={codes.join('\n')} label={t('Copy codes')} /> : null}
          </div>
        </div>
      </ModalBody>
      <ModalFooter>
        <Button onClick={onClose}>{t('I saved my backup codes')}</Button>
      </ModalFooter>
    </Modal>
  );
}

function DisableDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { saving, run } = useSaving();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      busy={saving}
      size="sm"
      title={t('Turn off two-step sign-in')}
      description={t('Enter a current 6-digit code from your authenticator app, or one of your backup codes.')}
    >
      <DisableForm saving={saving} run={run} onClose={() => onOpenChange(false)} />
    </Modal>
  );
}

/** Mounted while the dialog is open, so it starts empty each time. */
function DisableForm({ saving, run, onClose }: Saving & { onClose: () => void }) {
  const { t } = useTranslation();
  const toggle = useToggleTwoFactor();
  const { register, fieldError, submit } = useSchemaForm(disableSchema, {
    defaultValues: { code: '' },
    save: ({ code }) => run(() => toggle.mutateAsync({ enabled: false, code })),
    onSaved: onClose,
    successToast: () => t('2FA disabled'),
    failureToast: t('Failed to toggle 2FA'),
    quietFieldErrors: true,
  });
  const message = fieldError('code');

  return (
    <ModalForm onSubmit={submit} saving={saving} onCancel={onClose} submitLabel={t('Turn off')} danger>
      <FormField id="two-factor-off-code" label={t('Code')} error={message}>
        <Input
          id="two-factor-off-code"
          autoComplete="one-time-code"
          spellCheck={false}
          className="font-mono tracking-widest"
          {...invalidProps('two-factor-off-code', message)}
          {...register('code')}
        />
      </FormField>
    </ModalForm>
  );
}
