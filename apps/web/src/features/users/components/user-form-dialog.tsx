import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { userCreateSchema, userUpdateSchema, type StaffAccount } from '@shop/contracts/user';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { failureText } from '@/lib/error-text';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { ROLES } from '../roles';

type CreateInput = z.input<typeof userCreateSchema>;
type CreateOutput = z.output<typeof userCreateSchema>;
type UpdateInput = z.input<typeof userUpdateSchema>;
type UpdateOutput = z.output<typeof userUpdateSchema>;

const CREATE_FIELDS = ['name', 'email', 'role', 'password'] as const;
const UPDATE_FIELDS = ['name', 'email', 'role'] as const;

type UserFormDialogProps = {
  open: boolean;
  /** The account to edit; `null` to add one. */
  account: StaffAccount | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (mode: 'created' | 'updated') => void;
};

export function UserFormDialog({ open, account, onOpenChange, onSaved }: UserFormDialogProps) {
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

function useTranslatedError() {
  const { t } = useTranslation();
  return (message: string | undefined) => (message ? t(message) : undefined);
}

function AddUserForm({ create, saving, onCancel, onSaved }: FormProps & { create: ReturnType<typeof useCreateUser> }) {
  const { t } = useTranslation();
  const translated = useTranslatedError();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateInput, unknown, CreateOutput>({
    resolver: zodResolver(userCreateSchema),
    defaultValues: { name: '', email: '', role: 'Staff', password: '' },
  });
  const error = (field: (typeof CREATE_FIELDS)[number]) => translated(errors[field]?.message);

  const onSubmit = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => {
        toast.success(t('User added'));
        onSaved();
      },
      onError: (failure) => {
        if (applyServerFieldErrors(failure, setError, CREATE_FIELDS)) return;
        const message = failureText(failure, t('Failed to add user'), t);
        if (message) toast.error(message);
      },
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <ModalBody>
        <AccountFields
          fields={{ name: register('name'), email: register('email'), role: register('role') }}
          errors={{ name: error('name'), email: error('email'), role: error('role') }}
        />
        <FormField id="user-password" label={t('Initial password')} error={error('password')}>
          <Input
            id="user-password"
            type="password"
            autoComplete="new-password"
            {...invalidProps('user-password', error('password'))}
            {...register('password')}
          />
        </FormField>
      </ModalBody>
      <FormButtons saving={saving} onCancel={onCancel} />
    </form>
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
  const translated = useTranslatedError();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UpdateInput, unknown, UpdateOutput>({
    resolver: zodResolver(userUpdateSchema),
    defaultValues: { name: account.name, email: account.email, role: account.role },
  });
  const error = (field: (typeof UPDATE_FIELDS)[number]) => translated(errors[field]?.message);

  const onSubmit = handleSubmit((input) =>
    update.mutate(
      { id: account.id, input },
      {
        onSuccess: () => {
          toast.success(t('User updated'));
          onSaved();
        },
        onError: (failure) => {
          if (applyServerFieldErrors(failure, setError, UPDATE_FIELDS)) return;
          const message = failureText(failure, t('Failed to update user'), t);
          if (message) toast.error(message);
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <ModalBody>
        <AccountFields
          fields={{ name: register('name'), email: register('email'), role: register('role') }}
          errors={{ name: error('name'), email: error('email'), role: error('role') }}
        />
      </ModalBody>
      <FormButtons saving={saving} onCancel={onCancel} />
    </form>
  );
}

type AccountFieldName = 'name' | 'email' | 'role';

/** Name, e-mail and role: the same three fields when adding and when editing an account. */
function AccountFields({
  fields,
  errors,
}: {
  fields: Record<AccountFieldName, UseFormRegisterReturn>;
  errors: Record<AccountFieldName, string | undefined>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField id="user-name" label={t('Name')} error={errors.name}>
        <Input id="user-name" autoComplete="off" {...invalidProps('user-name', errors.name)} {...fields.name} />
      </FormField>
      <FormField id="user-email" label={t('Email')} error={errors.email}>
        <Input
          id="user-email"
          type="email"
          inputMode="email"
          autoComplete="off"
          {...invalidProps('user-email', errors.email)}
          {...fields.email}
        />
      </FormField>
      <FormField id="user-role" label={t('Role')} error={errors.role}>
        <Select id="user-role" {...invalidProps('user-role', errors.role)} {...fields.role}>
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

function FormButtons({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalFooter>
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        {t('Cancel')}
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? t('Saving…') : t('Save')}
      </Button>
    </ModalFooter>
  );
}
