import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '@/components/ui/spinner';
import { clearSession, getSession } from '@/features/auth/session-store';
import { NETWORK_ERROR_MESSAGE, setApiEventHandlers } from '@/lib/api-client';
import { returnToState } from '@/lib/return-to';

/** Wraps every route; tells the api client what a 401, 403 or lost connection means here. */
export function RootLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      setApiEventHandlers({
        onUnauthorized: () => {
          // Several calls can fail together; only the first one signs the user out.
          if (!getSession()) return;
          clearSession();
          queryClient.clear();
          toast.error(t('Session expired. Please sign in again.'), { id: 'session-expired' });
          void navigate('/auth/sign-in', { replace: true, state: returnToState(window.location) });
        },
        onForbidden: () => toast.error(t("Forbidden — you don't have permission."), { id: 'forbidden' }),
        onNetworkError: () => toast.error(t(NETWORK_ERROR_MESSAGE), { id: 'network-error' }),
      }),
    [navigate, queryClient, t],
  );

  return (
    <Suspense
      fallback={
        <div className="flex min-h-dvh items-center justify-center">
          <Spinner label={t('Loading…')} />
        </div>
      }
    >
      <Outlet />
    </Suspense>
  );
}
