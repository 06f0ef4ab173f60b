import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { MessageResponse } from '@shop/contracts/common';
import { apiRequest } from '@/lib/api-client';
import { clearSession } from '../session-store';

export function logout(): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/logout', { method: 'POST', globalErrorHandling: false });
}

/** Signing out always succeeds locally: a failed server call must not keep anyone signed in. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.warn('Logout request failed; signed out locally anyway.', error),
    onSettled: () => {
      clearSession();
      queryClient.clear();
      void navigate('/auth/sign-in', { replace: true });
      toast.success(t('Logged out successfully'));
    },
  });
}
