import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { userCreateSchema, userUpdateSchema, type StaffAccount } from '@shop/contracts/user';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { RecordDialogProps, SaveMode } from '@/lib/record-submit';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { ROLES } from '../roles';

/** The save answers with the account's user fields only, so the list hears just the mode. */
type UserFormDialogProps = Omit<RecordDialogProps<StaffAccount>, 'onSaved'> & { onSaved: (mode: SaveMode) => void };

export function UserFormDialog({ open, record: account, onOpenChange, onSaved }: UserFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const update = useUpdateUser();
  const saving = create.isPending || update.isPending;
  const close = () => onOpenChange(false);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      busy={saving}
      title={account ? t('Edit user') : t('Add user')}
      description={account ? undefined : t('They sign in with this e-mail and password, then can change the password on their Profile.')}
    >
      {account ? (
        <EditUserForm account={account} update={update} saving={saving} onCancel={close} onSaved={() => onSaved('updated')} />
      ) : (
        <AddUserForm create={create} saving={saving} onCancel={close} onSaved={() => onSaved('created')} />
      )}
    </Modal>
  );
}

type FormProps = { saving: boolean; onCancel: () => void; onSaved: () => void };

function AddUserForm({ create, saving, onCancel, onSaved }: FormProps & { create: ReturnType<typeof useCreateUser> }) {
  const { t } = useTranslation();
  const { register, fieldError, submit } = useSchemaForm(userCreateSchema, {
    defaultValues: { name: '', email: '', role: 'Staff', password: '' },
    save: create.mutate,
    successToast: () => t('User added'),
    onSaved,
    failureToast: t('Failed to add user'),
    quietFieldErrors: true,
  });

  return (
    <ModalForm onSubmit={submit} saving={saving} onCancel={onCancel}>
      <AccountFields register={register} fieldError={fieldError} />
      <FormField id="user-password" label={t('Initial password')} error={fieldError('password')}>
        <Input
          id="user-password"
          type="password"
          autoComplete="new-password"
          {...invalidProps('user-password', fieldError('password'))}
          {...register('password')}
        />
      </FormField>
    </ModalForm>
  );
}

function EditUserForm({
  account,
  update,
  saving,
  onCancel,
  onSaved,
}: FormProps & { account: StaffAccount; update: ReturnType<typeof useUpdateUser> }) {
  const { t } = useTranslation();
  const { register, fieldError, submit } = useSchemaForm(userUpdateSchema, {
    defaultValues: { name: account.name, email: account.email, role: account.role },
    save: (input, handlers) => update.mutate({ id: account.id, input }, handlers),
    successToast: () => t('User updated'),
    onSaved,
    failureToast: t('Failed to update user'),
    quietFieldErrors: true,
  });

  return (
    <ModalForm onSubmit={submit} saving={saving} onCancel={onCancel}>
      <AccountFields register={register} fieldError={fieldError} />
    </ModalForm>
  );
}

type AccountFieldName = 'name' | 'email' | 'role';

/** Name, e-mail and role: the same three fields when adding and when editing an account. */
function AccountFields({
  register,
  fieldError,
}: {
  register: (name: AccountFieldName) => UseFormRegisterReturn;
  fieldError: (name: AccountFieldName) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField id="user-name" label={t('Name')} error={fieldError('name')}>
        <Input id="user-name" autoComplete="off" {...invalidProps('user-name', fieldError('name'))} {...register('name')} />
      </FormField>
      <FormField id="user-email" label={t('Email')} error={fieldError('email')}>
        <Input
          id="user-email"
          type="email"
          inputMode="email"
          autoComplete="off"
          {...invalidProps('user-email', fieldError('email'))}
          {...register('email')}
        />
      </FormField>
      <FormField id="user-role" label={t('Role')} error={fieldError('role')}>
        <Select id="user-role" {...invalidProps('user-role', fieldError('role'))} {...register('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(role)}
            </option>
          ))}
        </Select>
      </FormField>
    </>
  );
}
