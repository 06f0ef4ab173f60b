
import { useTranslation } from 'react-i18next';
import { userCreateSchema, userUpdateSchema, type StaffAccount } from '@shop/contracts/user';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { SelectField, TextField, type BoundField } from '@/components/ui/form-field';
import { enumLabel } from '@/lib/enum-labels';
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
  const { field, submit } = useSchemaForm(userCreateSchema, {
    defaultValues: { name: '', email: '', role: 'Staff', password: '' },
    save: create.mutate,
    successToast: () => t('User added'),
    onSaved,
    failureToast: t('Failed to add user'),
    quietFieldErrors: true,
  });

  return (
    <ModalForm onSubmit={submit} saving={saving} onCancel={onCancel}>
      <AccountFields field={field} />
      <TextField label={t('Initial password')} field={field('password', 'user-password')} type="password" autoComplete="new-password" />
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
  const { field, submit } = useSchemaForm(userUpdateSchema, {
    defaultValues: { name: account.name, email: account.email, role: account.role },
    save: (input, handlers) => update.mutate({ id: account.id, input }, handlers),
    successToast: () => t('User updated'),
    onSaved,
    failureToast: t('Failed to update user'),
    quietFieldErrors: true,
  });

  return (
    <ModalForm onSubmit={submit} saving={saving} onCancel={onCancel}>
      <AccountFields field={field} />
    </ModalForm>
  );
}

type AccountFieldName = 'name' | 'email' | 'role';

/** Name, e-mail and role: the same three fields when adding and when editing an account. */
function AccountFields({ field }: { field: (name: AccountFieldName, id: string) => BoundField }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField label={t('Name')} field={field('name', 'user-name')} autoComplete="off" />
      <TextField label={t('Email')} field={field('email', 'user-email')} type="email" inputMode="email" autoComplete="off" />
      <SelectField label={t('Role')} field={field('role', 'user-role')}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {enumLabel('role', role, t)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
